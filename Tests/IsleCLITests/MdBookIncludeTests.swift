import Foundation
import TestSupport
import Testing

/// A book's `{{#include}}` and `{{#title}}` expanded as mdBook builds the
/// chapter: the outline, the reading time and `read` take what they bring,
/// positions still name the chapter's own lines.
@Suite(.serialized) struct MdBookIncludeTests {
  static let chapter = """
    {{#title The First}}
    # One

    Some words here.

    {{#include parts/intro.md}}

    ```rust
    {{#include ../listings/main.rs:4:5}}
    ```

    {{#include ../listings/main.rs:setup}}

    {{#include missing.md}}

    ## Own End

    tail words

    """
  static let tree: [String: String] = [
    "book.toml": "[book]\nsrc = \"src\"\n",
    "src/SUMMARY.md": "- [One](one.md)\n",
    "src/one.md": chapter,
    "src/parts/intro.md": "## Intro Heading\n\nintro words\n\n{{#include deeper.md}}\n",
    "src/parts/deeper.md": "### Deeper Heading\n\n"
      + String(repeating: "deep ", count: 600) + "\n",
    "listings/main.rs":
      "// ANCHOR: setup\n## Anchored Heading\n// ANCHOR_END: setup\nfn main() {}\nlet x = 1;\n",
  ]

  static func sections(_ root: URL) throws -> (document: [String: Any], [[String: Any]]) {
    let outcome = Harness.run(["toc", "--format", "json", root.path])
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any],
      "\(outcome.stderr)")
    let chapters = try #require(json["chapters"] as? [[String: Any]])
    let document = try #require(chapters.first?["document"] as? [String: Any])
    return (document, try #require(document["sections"] as? [[String: Any]]))
  }

  /// Headings brought in appear at their include's line, saying from
  /// where (a nested include's, its chapter's include); the chapter's own
  /// keep their lines and bytes; a range inside a fence brings no heading.
  @Test func theOutlineHoldsTheIncludedHeadingsAtTheirIncludes() throws {
    try Harness.withTree(Self.tree) { root in
      let (document, sections) = try Self.sections(root)
      let rows = sections.map {
        "\($0["title"] as? String ?? "")@\($0["line"] as? Int ?? 0)<\($0["from"] as? String ?? "")"
      }
      #expect(
        rows == [
          "One@2<", "Intro Heading@6<parts/intro.md", "Deeper Heading@6<parts/intro.md",
          "Anchored Heading@12<../listings/main.rs", "Own End@16<",
        ], "\(rows)")
      let own = Array(Self.chapter.utf8)
      let end = try #require(sections.last)
      let offset = try #require(end["offset"] as? Int)
      #expect(String(decoding: own[offset...].prefix(10), as: UTF8.self) == "## Own End")
      let intro = try #require(sections.first { $0["title"] as? String == "Intro Heading" })
      let at = try #require(intro["offset"] as? Int)
      #expect(String(decoding: own[at...].prefix(10), as: UTF8.self) == "{{#include")
      #expect(document["title"] as? String == "The First")
      #expect(document["lines"] as? Int == 18, "the chapter's own lines")
      #expect(try #require(document["words"] as? Int) > 600, "the included words are read")
      let text = Harness.run(["toc", root.path]).stdout
      #expect(text.contains("Deeper Heading") && !text.contains("The First"), "\(text)")
      // The missing file is still reported where it is written.
      let check = Harness.run(["check", root.path]).stdout
      #expect(check.contains("one.md:14:1: no file missing.md to include"), "\(check)")
    }
  }

  /// `read` prints the chapter as mdBook builds it; a lone document
  /// outside a book is outlined as written.
  @Test func readPrintsTheExpandedChapterAndALoneDocumentIsAsWritten() throws {
    try Harness.withTree(Self.tree) { root in
      let page = Harness.run(["read", root.path]).stdout
      #expect(page.contains("intro words") && page.contains("fn main() {}"), "\(page)")
      #expect(page.contains("let x = 1;") && !page.contains("ANCHOR"), "\(page)")
      #expect(!page.contains("{{#include parts") && !page.contains("{{#title"), "\(page)")
      #expect(page.contains("{{#include missing.md}}"), "a missing file stays as written")
    }
    try Harness.withTree(["one.md": Self.chapter, "parts/intro.md": "## Intro Heading\n"]) { root in
      let toc = Harness.run(["toc", root.path + "/one.md"]).stdout
      #expect(toc.contains("Own End") && !toc.contains("Intro Heading"), "\(toc)")
    }
  }

  /// In a terminal the pager draws what the include brought.
  @Test(.enabled(if: PickTerminalTests.tmux != nil, "tmux is not installed"))
  func thePagerDrawsTheIncludedText() throws {
    try Harness.withTree(Self.tree) { root in
      let pane = try PickTerminalTests.Pane(
        tmux: PickTerminalTests.tmux!, columns: 90, rows: 24)
      let screen = try ReadMdBookTerminalTests.start(pane, root.path)
      #expect(screen.contains("Intro Heading") && screen.contains("intro words"), "\(screen)")
      #expect(!screen.contains("{{#include parts"), "\(screen)")
      try pane.literal("q")
      _ = try pane.wait(PickTerminalTests.exited)
    }
  }
}
