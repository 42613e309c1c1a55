import Foundation
import Testing

/// File names whose bytes are not UTF-8 (Linux allows any but `/` and
/// NUL): found by a walk, read when named, written back under their own
/// bytes, and shown as ripgrep shows them, each such byte as U+FFFD.
@Suite struct ByteNameTests {
  /// `bad\xff\xfe.md` and a good neighbour made in a scratch folder, then
  /// `commands` run there by bash.
  func run(_ commands: String) throws -> (status: Int32, stdout: String, stderr: String) {
    var outcome: (status: Int32, stdout: String, stderr: String) = (0, "", "")
    try Harness.withTree(["good.md": "# Good\n"]) { root in
      outcome = try Harness.shell(
        "cd '\(root.path)'; bad=$(printf 'bad\\377\\376.md'); "
          + "printf '# Bad\\n\\n<!-- toc -->\\n<!-- tocstop -->\\n\\n## Two\\n' > \"$bad\"; "
          + commands)
    }
    return outcome
  }

  @Test func aWalkFindsItAndTextShowsItAsRipgrepDoes() throws {
    let walked = try run("isle toc --format tsv .")
    #expect(walked.status == 0, "\(walked.stderr)")
    #expect(walked.stdout.contains("./bad\u{FFFD}\u{FFFD}.md\t1\t1\tBad"), "\(walked.stdout)")
    #expect(walked.stdout.contains("./good.md\t1\t1\tGood"))
  }

  @Test func namedItIsRead() throws {
    let named = try run(
      "isle toc --max-level 1 \"$bad\"; isle toc --format json \"$bad\" | jq -r .path")
    #expect(named.status == 0, "\(named.stderr)")
    #expect(named.stdout.hasPrefix("   1  Bad\n"), "\(named.stdout)")
    #expect(named.stdout.hasSuffix("bad\u{FFFD}\u{FFFD}.md\n"), "JSON gives the name lossily")
    let missing = try run("isle toc \"$(printf 'gone\\377.md')\"")
    #expect(missing.stderr == "isle: error: gone\u{FFFD}.md: No such file or directory\n")
  }

  @Test func itIsWrittenUnderItsOwnName() throws {
    let written = try run(
      "isle toc --write \"$bad\" >/dev/null; echo \"[$?]\"; ls -b; cat \"$bad\"")
    #expect(written.stdout.hasPrefix("[0]\n"), "\(written)")
    #expect(written.stdout.contains("- [Two](#two)"), "\(written.stdout)")
    // The one file, under its own bytes (`ls -b` shows them in octal).
    #expect(written.stdout.contains("\nbad\\377\\376.md\ngood.md\n"), "\(written.stdout)")
  }
}
