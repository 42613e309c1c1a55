import Foundation
import Testing

/// `--files-from` (one path a line, or NUL-ended with `-0`) and `--shard
/// K/N` over files.
@Suite struct FilesFromTests {
  func paths(_ output: Data) -> [String] {
    String(decoding: output, as: UTF8.self).split(separator: "\n").compactMap { line in
      let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
      return object?["path"] as? String
    }
  }

  @Test func aListNamesTheFilesAsOperandsWould() throws {
    try Harness.withTree(["a.md": "# A\n", "b c.md": "# B\n", "sub/d.md": "# D\n"]) { root in
      let list = root.appendingPathComponent("list.txt")
      try Data("a.md\r\nsub\n\nb c.md\n".utf8).write(to: list)
      let named = try Harness.runBinary(
        ["toc", "--format", "json", "--files-from", list.path], environment: [:])
      // Paths are as the list names them, from the working directory.
      #expect(named.status == 2)
      #expect(named.stderr.contains("a.md"))
      let script = "cd '\(root.path)' && isle toc --format json --files-from list.txt"
      let listed = try Harness.shell(script)
      #expect(listed.status == 0)
      #expect(paths(Data(listed.stdout.utf8)) == ["a.md", "sub/d.md", "b c.md"])
      let piped = try Harness.shell(
        "cd '\(root.path)' && printf 'b c.md\\nsub/d.md\\n' | isle show --all --format jsonl --files-from -"
      )
      #expect(paths(Data(piped.stdout.utf8)) == ["b c.md", "sub/d.md"])
    }
  }

  @Test func nulEndedNamesMayHoldALineFeed() throws {
    try Harness.withTree(["odd\nname.md": "# Odd\n", "b.md": "# B\n"]) { root in
      let script =
        "cd '\(root.path)' && find . -name '*.md' -print0 | sort -z | isle toc --format json -0 --files-from -"
      let outcome = try Harness.shell(script)
      #expect(outcome.status == 0)
      #expect(paths(Data(outcome.stdout.utf8)) == ["./b.md", "./odd\nname.md"])
      // Without -0 the name is cut in two, and neither half is a file.
      let lines = try Harness.shell(
        "cd '\(root.path)' && printf './odd\\nname.md\\n' | isle toc --format json --files-from -")
      #expect(lines.status == 2)
    }
  }

  @Test func anEmptyListReadsNothingNotStandardInput() throws {
    let outcome = try Harness.runBinary(
      ["toc", "--files-from", "/dev/null"], stdin: Data("# From stdin\n".utf8))
    #expect(outcome.status == 1)
    #expect(outcome.stdout.isEmpty)
    #expect(outcome.stderr == "isle: no documents to read: the input named none\n")
  }

  /// A run given nothing says so on standard error, as one that found
  /// nothing does: an empty share of files or of records, no records.
  @Test func anEmptyShareOrNoRecordsSaysSo() throws {
    let share = try Harness.runBinary(["show", "--all", "--shard", "1/4", "fixtures/recipe.md"])
    #expect(share.status == 1 && share.stdout.isEmpty)
    #expect(share.stderr == "isle: --shard 1/4: no documents in this share\n")
    let record = Data(##"{"path": "fixtures/recipe.md", "text": "# A\n"}"##.utf8 + [0x0A])
    let records = try Harness.runBinary(
      ["toc", "--records", "--format", "json", "--shard", "1/4"], stdin: record)
    #expect(records.status == 1 && records.stdout.isEmpty)
    #expect(records.stderr == "isle: --shard 1/4: no records in this share\n")
    let none = try Harness.runBinary(["show", "--all", "--records"], stdin: Data())
    #expect(none.status == 1 && none.stderr == "isle: no records to read: the input named none\n")
  }

  @Test func aOneDocumentCommandTakesAListOfOne() throws {
    let one = try Harness.shell(
      "printf 'fixtures/recipe.md\\n' | isle where --line 40 --files-from -")
    #expect(one.status == 0 && one.stdout.contains("Method"))
    let two = try Harness.shell(
      "printf 'fixtures/recipe.md\\nfixtures/cjk.md\\n' | isle jump next --line 1 --files-from -")
    #expect(two.status == 2 && two.stderr.contains("reads one document"))
  }

  @Test func sharesAreDisjointCoverTheFilesAndAreTheSameOnEveryRun() throws {
    let all = try Harness.runBinary(["toc", "--format", "json", "fixtures"])
    let every = paths(all.stdout)
    #expect(every.count > 20)
    var union: [String] = []
    for share in 1...4 {
      let part = try Harness.runBinary([
        "toc", "--format", "json", "--shard", "\(share)/4", "fixtures",
      ])
      let again = try Harness.runBinary([
        "toc", "--format", "json", "--shard", "\(share)/4", "fixtures",
      ])
      #expect(part.stdout == again.stdout)
      union += paths(part.stdout)
    }
    #expect(union.sorted() == every.sorted())
    #expect(Set(union).count == union.count)
    // Pinned: the hash is FNV-1a, the same on every machine.
    let pinned = try Harness.runBinary([
      "toc", "--format", "json", "--shard", "2/4", "fixtures/recipe.md", "fixtures/cjk.md",
      "README.md",
    ])
    #expect(paths(pinned.stdout) == ["fixtures/recipe.md", "fixtures/cjk.md"])
  }
}
