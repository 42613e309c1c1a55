import Foundation
import Testing

@testable import IsleCLI

/// Several documents and directories at once, in argument order.
@Suite struct ManyDocumentsTests {
  func withTree(_ files: [String: String], _ body: (URL) throws -> Void) throws {
    try Harness.withTree(files, body)
  }

  func paths(_ outcome: Harness.Outcome, under root: URL) -> [String] {
    outcome.stdout.split(separator: "\n").dropFirst().map {
      String($0.split(separator: "\t")[0]).replacingOccurrences(of: root.path + "/", with: "")
    }
  }

  @Test func directoriesAreWalkedSortedWithoutHiddenOnes() throws {
    try withTree([
      "b.md": "# B\n", "a.md": "# A\n", "sub/c.markdown": "# C\n", "sub/d.html": "<h1>D</h1>",
      "sub/e.htm": "<h1>E</h1>", "notes.txt": "# not read\n", ".hidden/f.md": "# F\n",
      ".g.md": "# G\n",
      "Z.MD": "# Z\n",
    ]) { root in
      let outcome = Harness.run(["toc", "--format", "tsv", root.path])
      #expect(outcome.status == 0)
      #expect(
        paths(outcome, under: root) == [
          "Z.MD", "a.md", "b.md", "sub/c.markdown", "sub/d.html", "sub/e.htm",
        ])
      let hidden = Harness.run(["toc", "--format", "tsv", "--hidden", root.path])
      #expect(
        paths(hidden, under: root) == [
          ".g.md", ".hidden/f.md", "Z.MD", "a.md", "b.md", "sub/c.markdown", "sub/d.html",
          "sub/e.htm",
        ])
    }
  }

  @Test func outputStaysInArgumentOrder() throws {
    try withTree(["x.md": "# X\n", "dir/y.md": "# Y\n", "notes.txt": "# T\n"]) { root in
      let outcome = Harness.run([
        "toc", "--format", "tsv", root.appendingPathComponent("x.md").path,
        root.appendingPathComponent("dir").path,
        root.appendingPathComponent("notes.txt").path, root.appendingPathComponent("x.md").path,
      ])
      // A file named outright is read whatever its extension.
      #expect(paths(outcome, under: root) == ["x.md", "dir/y.md", "notes.txt", "x.md"])
    }
  }

  @Test func aSymlinkLoopIsWalkedOnce() throws {
    try withTree(["a/doc.md": "# Doc\n"]) { root in
      try FileManager.default.createSymbolicLink(
        atPath: root.appendingPathComponent("a/loop").path, withDestinationPath: "..")
      let result = try Harness.runBinary(["toc", "--format", "tsv", root.path])
      #expect(result.status == 0)
      let rows = String(decoding: result.stdout, as: UTF8.self).split(separator: "\n")
      #expect(rows.count == 2)
    }
  }

  @Test func oneJobAndManyGiveTheSameOutput() throws {
    for format in ["text", "json", "tsv"] {
      let one = Harness.run([
        "toc", "--jobs", "1", "--format", format, "fixtures", "fixtures/recipe.md",
      ])
      let many = Harness.run([
        "toc", "--jobs", "4", "--format", format, "fixtures", "fixtures/recipe.md",
      ])
      #expect(one.stdout == many.stdout)
      #expect(one.stderr == many.stderr)
      #expect(one.status == many.status)
    }
  }

  @Test func jsonIsOneObjectPerDocument() throws {
    let outcome = Harness.run(["toc", "--format", "json", "fixtures/recipe.md", "fixtures/cjk.md"])
    let lines = outcome.stdout.split(separator: "\n")
    #expect(lines.count == 2)
    for line in lines {
      #expect(try JSONSerialization.jsonObject(with: Data(line.utf8)) is [String: Any])
    }
  }

  @Test func tsvHasAHeaderAndAPathColumnForSeveral() throws {
    let one = Harness.run(["toc", "--format", "tsv", "fixtures/recipe.md"]).stdout.split(
      separator: "\n")
    #expect(one[0] == "number\tlevel\ttitle\tid\tline\toffset\tendLine\tendOffset\twords\tminutes")
    #expect(one[1] == "1\t1\tWeeknight Lentil Soup\tweeknight-lentil-soup\t1\t0\t6\t164\t27\t0")
    let two = Harness.run(["toc", "--format", "tsv", "fixtures/recipe.md", "fixtures/cjk.md"])
      .stdout
      .split(separator: "\n")
    #expect(two[0].hasPrefix("path\tnumber\t"))
    #expect(two[1].hasPrefix("fixtures/recipe.md\t1\t"))
    #expect(
      two.allSatisfy { $0.split(separator: "\t", omittingEmptySubsequences: false).count == 11 })
  }

  @Test func textNamesEachDocument() throws {
    let outcome = Harness.run([
      "toc", "fixtures/toml-front-matter.md", "fixtures/no-headings.md", "fixtures/bom.md",
    ])
    #expect(
      outcome.stdout == """
        fixtures/toml-front-matter.md
           1  First Heading     < 1 min
           2    Second Heading  < 1 min
         ○ Contents             < 1 min ⌄

        fixtures/bom.md
           1  Title After BOM  < 1 min
           2    Second         < 1 min
         ○ Contents            < 1 min ⌄

        """)
  }

  @Test func standardInputAmongFiles() throws {
    let bytes = try Data(contentsOf: Harness.fixtures.appendingPathComponent("bom.md"))
    let result = try Harness.runBinary(
      ["toc", "--format", "tsv", "fixtures/recipe.md", "-"], stdin: bytes)
    let rows = String(decoding: result.stdout, as: UTF8.self).split(separator: "\n")
    #expect(rows.last?.hasPrefix("-\t2\t2\tSecond\t") == true)
  }

  @Test(
    .enabled(if: getuid() != 0, "root reads every directory, so this runs only as another user"))
  func anUnreadableDirectoryIsReportedAndTheRestGoOn() throws {
    try withTree(["ok.md": "# OK\n", "closed/x.md": "# X\n"]) { root in
      chmod(root.appendingPathComponent("closed").path, 0)
      defer { chmod(root.appendingPathComponent("closed").path, 0o755) }
      let outcome = Harness.run(["toc", "--format", "tsv", root.path])
      #expect(outcome.status == 2)
      #expect(outcome.stderr.contains("closed: Permission denied"))
      #expect(outcome.stdout.contains("ok.md"))
    }
  }

  /// A document far larger than a pipe's buffer, and parsed in pieces on
  /// every core, cut short by `head`.
  @Test func aLargeDocumentIntoHeadEndsQuietly() throws {
    let big = FileManager.default.temporaryDirectory.appendingPathComponent(
      "isle-large-\(UUID()).md")
    defer { try? FileManager.default.removeItem(at: big) }
    var chunk = ""
    for index in 0..<20 {
      chunk += "## Part \(index)\n\nSome prose words to read, with `code` and a [link](#x).\n\n"
    }
    let block = Data(chunk.utf8)
    let handle = try FileHandle(
      forWritingTo: {
        _ = FileManager.default.createFile(atPath: big.path, contents: nil)
        return big
      }())
    var written = 0
    while written < 4 * 1024 * 1024 {
      handle.write(block)
      written += block.count
    }
    try handle.close()
    let result = try Harness.shell(
      "isle toc '\(big.path)' | head -1 >/dev/null; exit ${PIPESTATUS[0]}")
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty)
  }
}

/// `--format markdown`: the linked list a README carries.
@Suite struct MarkdownListTests {
  func list(_ markdown: String, _ extra: [String] = []) throws -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "isle-list-\(UUID()).md")
    try Data(markdown.utf8).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    return Harness.run(
      ["toc", "--format", "markdown", "--max-level", "6", "--include-title"] + extra + [url.path]
    )
    .stdout
  }

  /// An HTML heading the page gives no anchor is listed without a link,
  /// and its JSON id is null: a made-up slug would lead nowhere.
  @Test func htmlHeadingsWithoutAnAnchorHaveNoLink() throws {
    let html = "<!doctype html><section id=a><h1>A</h1></section><h2>B</h2>"
    #expect(try list(html, ["--from", "html"]) == "- [A](#a)\n  - B\n")
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "isle-null-\(UUID()).html")
    try Data(html.utf8).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let json = Harness.run(["toc", "--format", "json", url.path]).stdout
    #expect(json.contains(#""title":"B","id":null,"#))
  }

  @Test func nestsByOrderNotRawLevel() throws {
    #expect(
      try list("# A\n### B\n###### C\n## D\n# E\n")
        == "- [A](#a)\n  - [B](#b)\n    - [C](#c)\n  - [D](#d)\n- [E](#e)\n")
  }

  @Test func orderedListsIndentToTheirParentsText() throws {
    let text = (1...10).map { "## S\($0)\n" }.joined() + "### Sub\n"
    let output = try list(text, ["--ordered=increment"])
    #expect(output.hasSuffix("10. [S10](#s10)\n    1. [Sub](#sub)\n"))
    let ones = try list(text, ["--ordered"])
    #expect(ones.hasSuffix("1. [S10](#s10)\n   1. [Sub](#sub)\n"))
  }

  @Test func titlesAreEscapedAndIdsFollowTheFlavour() throws {
    // `<d>` is inline HTML, which a title drops; the two spaces around it
    // stay in the id, as on GitHub.
    #expect(try list("# a *b* [c] <d> & e_f\n") == "- [a b \\[c\\] & e_f](#a-b-c---e_f)\n")
    #expect(try list("# 1 < 2 > 0\n") == "- [1 \\< 2 > 0](#1--2--0)\n")
    // Only what would change the Markdown is escaped; code and
    // strikethrough are kept.
    #expect(
      try list("# println! `Debug` ~~Old~~ _x_ &amp;copy; a*b\n")
        == "- [println! `Debug` ~~Old~~ x \\&copy; a\\*b](#println-debug-old-x-copy-ab)\n")
    #expect(try list("# a -- b\n", ["--slug", "gitlab"]) == "- [a -- b](#a-b)\n")
  }

  @Test func theListRendersBackToTheTitles() throws {
    // The list, read by cmark, links each title as written.
    let output = try list("# Soup & *Bread* `x`\n## [link](y) <b>z</b>\n")
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "isle-back-\(UUID()).md")
    try Data(output.utf8).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    // Read back as headings, the escaped link texts are the titles again.
    let headings = output.replacingOccurrences(of: "- [", with: "# ").replacingOccurrences(
      of: #"\]\(#[^)]*\)"#, with: "", options: .regularExpression)
    try Data(headings.utf8).write(to: url)
    let outcome = Harness.run(["toc", "--format", "tsv", "--max-level", "6", url.path])
    let titles = outcome.stdout.split(separator: "\n").dropFirst().map {
      $0.split(separator: "\t")[2]
    }
    #expect(titles == ["Soup & Bread x", "link z"])
    #expect(output == "- [Soup & Bread `x`](#soup--bread-x)\n  - [link z](#link-z)\n")
  }
}

/// `--no-split` against the default on a document large enough to be
/// parsed in pieces: the same output, byte for byte.
@Suite struct SplitTests {
  @Test func aLargeDocumentGivesTheSameOutlineInPiecesAndWhole() throws {
    let fixtures = try FileManager.default.contentsOfDirectory(atPath: Harness.fixtures.path)
      .filter { $0.hasSuffix(".md") }.sorted()
    var text = ""
    var round = 0
    while text.utf8.count < 3 << 20 {
      for name in fixtures {
        let body = try String(
          decoding: Data(contentsOf: Harness.fixtures.appendingPathComponent(name)), as: UTF8.self)
        // Footnotes repeated in every round (only the first of each is
        // kept) and references whose definitions come at the very end, a piece away.
        text += "# \(name) round \(round) uses [the spec][spec-\(round % 9)]\n\n" + body + "\n\n"
      }
      round += 1
    }
    text += (0..<9).map { "[Spec-\($0)]: https://example.com/\($0)\n" }.joined()
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "isle-split-\(UUID().uuidString).md")
    try Data(text.utf8).write(to: path)
    defer { try? FileManager.default.removeItem(at: path) }
    // With --stats, which says on stderr whether it was split and into
    // how many pieces.
    let split = Harness.run(["toc", "--stats", "--format", "json", "--max-level", "6", path.path])
    let whole = Harness.run([
      "toc", "--stats", "--no-split", "--format", "json", "--max-level", "6", path.path,
    ])
    #expect(split.status == 0)
    #expect(split.stdout == whole.stdout)
    #expect(split.stdout.contains("uses the spec"))
    let said = split.stderr.split(separator: "\n").filter { $0.hasPrefix("isle: stats: ") }
    #expect(said.count == 1)
    let pieces = said.first?.split(separator: " ").drop { $0 != "in" }.dropFirst().first
    #expect(pieces.flatMap { Int($0) } ?? 0 > 10, "\(split.stderr)")
    #expect(whole.stderr.contains("not split (--no-split)"))
  }
}
