import Cells
import Foundation
import Testing

/// `isle toc BOOK` on books written in each form, and on a real mdBook.
@Suite struct BookTocTests {
  static let rustByExample = Harness.root.appendingPathComponent(
    "../shared/corpus/rust-by-example/src/SUMMARY.md"
  ).standardized.path

  @Test func anMdBookIsItsChaptersWithTheirHeadingsPartsAndDrafts() throws {
    try Harness.withTree([
      "book.toml": "[book]\nsrc = \"pages\"\n",
      "pages/SUMMARY.md": """
      # Summary

      [Preface](preface.md)

      # Guide

      - [Start](start.md)
          - [Deeper](deep/one.md)
      - [Later]()
      """,
      "pages/preface.md": "# Preface\n\n" + String(repeating: "word ", count: 300) + "\n",
      "pages/start.md": "# Start\n\n## First step\n\n" + String(repeating: "word ", count: 600),
      "pages/deep/one.md": "# Deeper\n\ntext\n",
    ]) { root in
      let outcome = Harness.run(["toc", root.path])
      #expect(outcome.status == 0, "\(outcome.stderr)")
      let rows = outcome.stdout.split(separator: "\n").map {
        String($0.reversed().drop(while: { $0 == " " }).reversed())
      }
      #expect(rows.count == 7, "\(outcome.stdout)")
      #expect(rows[0].hasPrefix("         Preface") && rows[0].hasSuffix("1 min"))
      #expect(rows[1].trimmingCharacters(in: .whitespaces) == "Guide")
      #expect(rows[2].hasPrefix("   1.    Start") && rows[2].hasSuffix("3 min"))
      #expect(rows[3].trimmingCharacters(in: .whitespaces) == "First step")
      #expect(rows[4].contains("1.1.") && rows[4].contains("  Deeper"))
      #expect(rows[5].contains("2.") && rows[5].contains("Later (draft)"))
      #expect(rows[6].hasSuffix("4 min ⌄"))
      let json = Harness.run(["toc", "--format", "json", root.path + "/pages/SUMMARY.md"])
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
      #expect(object["chapterCount"] as? Int == 3)
      let chapters = try #require(object["chapters"] as? [[String: Any]])
      #expect(
        chapters.map { $0["kind"] as? String } == [
          "prefix", "part", "numbered", "numbered", "draft",
        ])
      #expect(chapters[4]["document"] is NSNull)
    }
  }

  @Test func aMkDocsBookWithoutNavIsIndexFirstThenByName() throws {
    try Harness.withTree([
      "mkdocs.yml": "site_name: !ENV SITE\ndocs_dir: site\n",
      "site/b.md": "# Bee\n", "site/index.md": "# Home\n", "site/a.md": "# Ay\n",
    ]) { root in
      let outcome = Harness.run(["toc", root.path + "/mkdocs.yml", "--format", "markdown"])
      #expect(outcome.status == 0, "\(outcome.stderr)")
      #expect(
        outcome.stdout.split(separator: "\n").map { String($0.split(separator: "]")[0]) } == [
          "- [Home", "- [Ay", "- [Bee",
        ])
    }
  }

  @Test func anyFolderWithBookIsInNaturalOrder() throws {
    try Harness.withTree(["d/10-y.md": "# Ten\n", "d/2-x.md": "# Two\n", "d/README.md": "# Read\n"])
    {
      root in
      let outcome = Harness.run(["toc", "--book", root.path + "/d"])
      let titles = outcome.stdout.split(separator: "\n").dropLast().map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      #expect(titles == ["Read", "Two", "Ten"], "\(outcome.stdout)")
    }
  }

  @Test func aMalformedTableOfContentsIsOneLineNamingFileAndLine() throws {
    try Harness.withTree([
      "SUMMARY.md": "# Summary\n\n- just words\n", "mkdocs.yml": "nav:\n  - [unclosed\n",
      "up/SUMMARY.md": "- [Out](../../secret.md)\n",
    ]) { root in
      let summary = Harness.run(["toc", root.path + "/SUMMARY.md"])
      #expect(summary.status == 2)
      #expect(summary.stderr.hasPrefix("isle: error: \(root.path)/SUMMARY.md:3: a list item"))
      #expect(summary.stdout.isEmpty)
      let yaml = Harness.run(["toc", root.path + "/mkdocs.yml"])
      #expect(yaml.status == 2)
      #expect(yaml.stderr.hasPrefix("isle: error: \(root.path)/mkdocs.yml:"), "\(yaml.stderr)")
      #expect(yaml.stderr.split(separator: "\n").count == 1)
      let out = Harness.run(["toc", root.path + "/up/SUMMARY.md"])
      #expect(out.status == 2)
      #expect(out.stderr.contains("leaves the book's folder"))
    }
  }

  @Test(
    .enabled(
      if: FileManager.default.fileExists(atPath: rustByExample),
      "needs ../shared/corpus/rust-by-example"))
  func rustByExampleIsEveryChapterInItsOrderAndTheTimesAddUp() throws {
    let summary = try String(contentsOfFile: Self.rustByExample, encoding: .utf8)
    let linked = summary.split(separator: "\n").filter { $0.contains("](") && !$0.contains("]()") }
    let json = Harness.run(["toc", "--format", "json", Self.rustByExample])
    #expect(json.status == 0, "\(json.stderr)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let chapters = try #require(object["chapters"] as? [[String: Any]])
    #expect(object["chapterCount"] as? Int == linked.count)
    let minutes = chapters.compactMap { $0["minutes"] as? Int }
    #expect(object["minutes"] as? Int == minutes.reduce(0, +))
    #expect(chapters.first?["title"] as? String == "Introduction")
    #expect(chapters.contains { $0["number"] as? String == "1.2.2.1." })
    let text = Harness.run(["toc", Self.rustByExample])
    #expect(text.stdout.split(separator: "\n").filter { $0.hasSuffix("min") }.count == linked.count)
  }
}

/// `isle where BOOK`: the place in the book from a chapter's line or a
/// percent of the whole.
@Suite struct BookWhereTests {
  static let files = [
    "SUMMARY.md": "- [One](one.md)\n- [Gap]()\n- [Two](two.md)\n",
    "one.md": "# One\n\n" + String(repeating: "word ", count: 476) + "\n",
    "two.md": "# Two\n\n## Middle\n\n" + String(repeating: "word ", count: 476) + "\n",
  ]

  @Test func aChaptersLineIsChapterKOfNWithTheBooksFraction() throws {
    try Harness.withTree(Self.files) { root in
      let outcome = Harness.run([
        "where", root.path + "/SUMMARY.md", "--file", root.path + "/two.md", "--line", "3",
        "--format", "json",
      ])
      #expect(outcome.status == 0, "\(outcome.stderr)")
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
      #expect(object["chapter"] as? Int == 2)
      #expect(object["chapterCount"] as? Int == 2, "the draft is not counted")
      let fraction = try #require(object["fraction"] as? Double)
      #expect(fraction >= 0.5 && fraction < 1, "one whole chapter of two read: \(fraction)")
      let text = Harness.run([
        "where", root.path + "/SUMMARY.md", "--file", root.path + "/two.md", "--line", "3",
      ])
      #expect(text.stdout.contains("Two › Middle"))
      #expect(text.stdout.contains("chapter 2 of 2"))
    }
  }

  @Test func aPercentOfTheBookFallsInItsChapter() throws {
    try Harness.withTree(Self.files) { root in
      let early = Harness.run(["where", root.path, "--book", "--percent", "10", "--format", "json"])
      #expect(early.stdout.contains("\"chapter\":1,"), "\(early.stdout)\(early.stderr)")
      let late = Harness.run(["where", root.path + "/SUMMARY.md", "--percent", "90"])
      #expect(late.stdout.contains("chapter 2 of 2"), "\(late.stdout)")
      let missing = Harness.run([
        "where", root.path + "/SUMMARY.md", "--file", "nope.md", "--line", "1",
      ])
      #expect(missing.status == 2)
      #expect(missing.stderr.contains("no chapter is 'nope.md'"))
    }
  }
}

/// A book whose table of contents names a missing file: every command
/// counts its chapters as the island does, those that have a file.
@Suite struct BookMissingChapterTests {
  static let files = [
    "mkdocs.yml": "nav:\n  - index.md\n  - Gone: gone.md\n  - Last: last.md\n",
    "docs/index.md": "# Home\n\nSome words.\n", "docs/last.md": "# Last\n\nMore words.\n",
  ]

  @Test func theMissingChapterIsMarkedAndNotCounted() throws {
    try Harness.withTree(Self.files) { root in
      let json = Harness.run(["toc", root.path, "--format", "json"])
      #expect(json.status == 2, "\(json.stderr)")
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
      #expect(object["chapterCount"] as? Int == 2, "as where and the island count")
      let text = Harness.run(["toc", root.path, "--color", "never"])
      #expect(text.stdout.contains("Gone (missing)"), "\(text.stdout)")
      let place = Harness.run([
        "where", root.path, "--file", root.path + "/docs/last.md", "--line", "1",
      ])
      #expect(place.stdout.contains("chapter 2 of 2"), "\(place.stdout)\(place.stderr)")
    }
  }
}

/// The island of a book in too few columns: the titles are cut first,
/// the chapter count and the time left stay.
@Suite struct BookBarWidthTests {
  @Test func longTitlesAreCutBeforeTheChapterCount() throws {
    let long = String(repeating: "A very long section title ", count: 4)
    try Harness.withTree([
      "SUMMARY.md": "- [A chapter with a long name](one.md)\n",
      "one.md": "# One\n\n## " + long + "\n\n" + String(repeating: "word ", count: 600) + "\n",
    ]) { root in
      for width in [98, 80, 70] {
        let outcome = Harness.run([
          "where", root.path + "/SUMMARY.md", "--file", root.path + "/one.md", "--line", "5",
          "--width", String(width), "--color", "never",
        ])
        let line = outcome.stdout.trimmingCharacters(in: .newlines)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(line.contains("chapter 1 of 1"), "\(width): \(line)")
        #expect(line.contains("min left in the chapter"), "\(width): \(line)")
        #expect(width < 98 || line.contains("A chapter with a"), "\(width): \(line)")
        #expect(Cells.width(of: line) <= width, "\(width): \(line)")
      }
    }
  }
}

/// `isle check BOOK`: entries without a file, pages no entry names, and
/// every chapter's links.
@Suite struct BookCheckTests {
  @Test func missingAndUnlistedChaptersAreFoundBesideBrokenLinks() throws {
    try Harness.withTree([
      "mkdocs.yml": "nav:\n  - index.md\n  - Gone: gone.md\n",
      "docs/index.md": "# Home\n\n[on](extra.md#nowhere)\n",
      "docs/extra.md": "# Extra\n",
    ]) { root in
      let outcome = Harness.run(["check", root.path])
      #expect(outcome.status == 1, "\(outcome.stderr)")
      let lines = outcome.stdout.split(separator: "\n").map { String($0) }
      #expect(lines.count == 3, "\(outcome.stdout)")
      // One list, by file, then line.
      #expect(
        lines[0].hasSuffix(
          "docs/extra.md:1:1: in the book's folder, but no entry of mkdocs.yml names it"))
      #expect(lines[1].contains("no heading #nowhere"))
      #expect(lines[2].hasSuffix("mkdocs.yml:3:1: no chapter file gone.md"))
    }
  }

  @Test func aDraftIsNoErrorAndAWholeBookIsClean() throws {
    try Harness.withTree([
      "SUMMARY.md": "- [One](one.md)\n- [Later]()\n", "one.md": "# One\n",
    ]) { root in
      let outcome = Harness.run(["check", root.path + "/SUMMARY.md"])
      #expect(outcome.status == 0, "\(outcome.stdout)\(outcome.stderr)")
      #expect(outcome.stdout.isEmpty)
    }
  }
}

/// True when Python has MkDocs to compare with.
private let hasMkDocs = (try? Harness.shell("python3 -c 'import mkdocs'").status) == 0

/// MkDocs itself (PyPI `mkdocs`) agrees with isle's order of a MkDocs
/// book, with nav and without, and with its warnings of missing and
/// unlisted pages.
@Suite(.enabled(if: hasMkDocs, "needs PyPI mkdocs (scripts/install-deps test)"))
struct BookMkDocsTests {

  static let pages = [
    "docs/index.md": "# Home\n", "docs/guide/a.md": "# A\n", "docs/guide/b.md": "# B\n",
    "docs/extra.md": "# Extra\n", "docs/b/z.md": "# Z\n", "docs/2-x.md": "# Two\n",
    "docs/10-y.md": "# Ten\n",
  ]

  /// The pages MkDocs' own navigation holds, in its order.
  static func mkDocsOrder(_ root: URL) throws -> [String] {
    let script = """
      from mkdocs.config import load_config
      from mkdocs.structure.files import get_files
      from mkdocs.structure.nav import get_navigation
      cfg = load_config('\(root.path)/mkdocs.yml')
      for page in get_navigation(get_files(cfg), cfg).pages: print(page.file.src_uri)
      """
    let run = try Harness.shell("python3 - 2>/dev/null <<'EOF'\n\(script)\nEOF\n")
    return run.stdout.split(separator: "\n").map(String.init)
  }

  /// The pages isle reads, relative to the docs folder, in its order.
  static func isleOrder(_ root: URL) throws -> [String] {
    let json = Harness.run(["toc", "--format", "json", root.path + "/mkdocs.yml"])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let chapters = try #require(object["chapters"] as? [[String: Any]])
    return chapters.filter { !($0["document"] is NSNull) }.compactMap { $0["path"] as? String }
      .map { String($0.dropFirst(root.path.count + "/docs/".count)) }
  }

  @Test func withoutNavTheOrderIsMkDocsOwn() throws {
    var files = Self.pages
    files["mkdocs.yml"] = "site_name: t\n"
    try Harness.withTree(files) { root in
      let theirs = try Self.mkDocsOrder(root)
      #expect(theirs.count == Self.pages.count)
      #expect(try Self.isleOrder(root) == theirs)
    }
  }

  @Test func withNavTheOrderAndTheWarningsAreMkDocsOwn() throws {
    var files = Self.pages
    files["mkdocs.yml"] =
      "site_name: t\nnav:\n  - index.md\n  - Guide:\n    - guide/b.md\n    - A: guide/a.md\n"
      + "  - Gone: gone.md\n"
    try Harness.withTree(files) { root in
      #expect(try Self.isleOrder(root) == Self.mkDocsOrder(root))
      let build = try Harness.shell(
        "cd '\(root.path)' && mkdocs build --strict -d '\(root.path)/site' 2>&1")
      #expect(build.status != 0)
      let listed = build.stdout.split(separator: "\n").filter { $0.hasPrefix("  - ") }
        .map { String($0.dropFirst(4)) }
      let check = Harness.run(["check", "--format", "json", root.path])
      let found = try check.stdout.split(separator: "\n").map {
        try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
      }
      let unlisted = found.filter { $0["reason"] as? String == "unlisted-chapter" }
        .compactMap { $0["target"] as? String }
      #expect(Set(unlisted) == Set(listed) && !listed.isEmpty, "\(build.stdout)")
      let missing = found.filter { $0["reason"] as? String == "no-chapter-file" }
        .compactMap { $0["target"] as? String }
      #expect(missing == ["gone.md"])
      #expect(build.stdout.contains("'gone.md' is included in the 'nav' configuration"))
    }
  }
}
