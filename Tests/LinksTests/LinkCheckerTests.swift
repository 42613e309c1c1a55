import Outline
import Slugs
import Testing

@testable import Links

/// Links resolved against documents and files held in memory, as a
/// language server would hold them.
@Suite struct LinkCheckerTests {
  /// Files by path: a document's text, or nil for a file that is not one.
  struct Files: LinkTargets {
    var texts: [String: String?]
    var slug = SlugFlavor.github

    func kind(of path: String) -> TargetKind {
      if texts[path] != nil { return .file }
      return texts.keys.contains { $0.hasPrefix(path + "/") } ? .folder : .missing
    }

    func anchors(ofDocumentAt path: String) -> DocumentAnchors? {
      guard let text = texts[path] ?? nil else { return nil }
      let outlined = LinkCheckerTests.outline(text, path: path, slug: slug)
      return DocumentAnchors(outlined.document, links: outlined.links)
    }
  }

  static func outline(_ text: String, path: String, slug: SlugFlavor = .github) -> Outlined {
    var options = OutlineOptions(slugFlavor: slug)
    options.findsLinks = true
    return try! Outliner.outlined(Array(text.utf8), path: path, options: options)
  }

  func broken(_ files: Files, _ path: String, root: String = ".") -> [String] {
    let outlined = Self.outline(files.texts[path]!!, path: path, slug: files.slug)
    let links = outlined.links ?? DocumentLinks()
    return LinkChecker(root: root).check(outlined.document, links: links, targets: files).map {
      "\($0.line):\($0.column) \($0.reason.rawValue) \($0.file ?? "-") #\($0.fragment ?? "")"
        + ($0.suggestion.map { " ~\($0)" } ?? "")
    }
  }

  @Test func fragmentsFilesFoldersAndHTMLPages() {
    let files = Files(texts: [
      "docs/a.md": """
      # A

      ## Set up

      [1](#set-up) [2](#setup) [3](../README.md#intro) [4](b.html#two) [5](sub#deep)
      [6](sub) [7](missing.md) [8](../README.md#Intro) [9](b.md#user-content-two)
      [10](page.html#main) [11](page.html#nav) [12](data.csv#x) [13](sub#none)
      """,
      "README.md": "# Intro\n",
      "docs/b.md": "# One\n\n## Two\n",
      "docs/sub/index.md": "# Deep\n",
      "docs/page.html": "<nav id=nav></nav><main><h1 id=main>Main</h1></main>",
      "docs/data.csv": nil,
    ])
    #expect(
      broken(files, "docs/a.md") == [
        "5:14 no-heading docs/a.md #setup ~set-up",
        "6:10 no-file - #",
        "7:59 no-heading docs/sub/index.md #none",
      ])
  }

  @Test func duplicatesFoldedHeadingsAndRawHTMLAnchors() {
    let files = Files(texts: [
      "a.md": """
      # T

      ## Step

      ## Step

      ###### Deep

      <a name="old"></a>
      <div id="box">x</div>

      [a](#step) [b](#step-1) [c](#deep) [d](#old) [e](#box) [f](#nope)
      Inline <span id="here"></span> [g](#here) <a href="#gone">h</a>
      """
    ])
    #expect(
      broken(files, "a.md") == [
        "12:56 no-heading a.md #nope",
        "13:43 no-heading a.md #gone",
      ])
  }

  @Test func eachSlugFlavourNamesTheHeadings() {
    func text(_ id: String) -> String { "# Ünïcode -- Title\n\n[x](#\(id))\n" }
    let expected: [(SlugFlavor, String)] = [
      (.github, "ünïcode----title"), (.gitlab, "ünïcode-title"), (.mkdocs, "unicode-title"),
    ]
    for (flavor, id) in expected {
      let files = Files(texts: ["a.md": text(id)], slug: flavor)
      #expect(broken(files, "a.md").isEmpty, "\(flavor)")
      let other = Files(texts: ["a.md": text("x" + id)], slug: flavor)
      #expect(broken(other, "a.md") == ["3:1 no-heading a.md #x\(id) ~\(id)"], "\(flavor)")
    }
  }

  @Test func aReferenceIsReportedOnce() {
    let files = Files(texts: [
      "a.md": "# A\n\n[one][r] and [two][r] and [r]\n\n[r]: #zzz\n"
    ])
    #expect(broken(files, "a.md") == ["3:1 no-heading a.md #zzz"])
  }

  /// A footnote nothing refers to, which cmark leaves out of its tree,
  /// ends at the block after it, not at the next blank line: a
  /// definition after that block is one (checked on its own line, since
  /// nothing uses it).
  @Test func aDefinitionAfterAnUnusedFootnoteAndABlockIsOne() {
    for between in ["```\n```\n# Fenced\n", "# Heading\n", "> quoted\n\n"] {
      let text = "# A\n\n[^n]: an unused note\n\(between)[r]: #nowhere\n"
      let line = text.split(separator: "\n", omittingEmptySubsequences: false).count - 1
      #expect(
        broken(Files(texts: ["a.md": text]), "a.md") == ["\(line):1 no-heading a.md #nowhere"],
        "\(between)")
    }
  }

  @Test func rootLinksStartAtTheRoot() {
    let files = Files(texts: [
      "r/docs/a.md": "[x](/README.md#top) [y](/nope.md)", "r/README.md": "# R",
    ])
    #expect(broken(files, "r/docs/a.md", root: "r") == ["1:21 no-file - #"])
  }
}
