import Foundation
import TestSupport
import Testing

/// Titles that read as Markdown (emphasis, strikethrough, an entity, a
/// list's number) written by `isle toc BOOK --format markdown` and
/// `isle llms`, read back by cmark-gfm itself as the titles.
@Suite struct MarkdownTitleTests {
  static let book = [
    "book.toml": "[book]\ntitle = \"B\"\n",
    "src/SUMMARY.md": """
    [\\*Stars\\*](README.md)

    - [1. First ~old~](a.md)
    - [2. Draft]()
    """,
    "src/README.md": "# Stars\n\nWords here.\n",
    "src/a.md": "# First\n\nText.\n\n## \\~\\~gone\\~\\~ &amp;amp; more\n\nMore.\n",
  ]

  /// cmark-gfm's HTML for `markdown`, the GitHub extensions on.
  static func html(_ markdown: String) throws -> String {
    let command = try #require(
      ["/usr/bin/cmark-gfm", "/usr/local/bin/cmark-gfm"].first {
        FileManager.default.isExecutableFile(atPath: $0)
      }, "cmark-gfm is not installed: make test-deps installs it")
    let extensions = ["strikethrough", "autolink", "table", "tagfilter"].flatMap { ["-e", $0] }
    return try Spawn.run(command, extensions + ["--to", "html"], stdin: Array(markdown.utf8))
      .output
  }

  @Test func aBooksMarkdownListReadsBackAsItsTitles() throws {
    try Harness.withTree(Self.book) { root in
      let outcome = try Harness.shell("isle toc '\(root.path)' --format markdown")
      #expect(outcome.status == 0, "\(outcome.stderr)")
      let html = try Self.html(outcome.stdout)
      #expect(html.contains(">*Stars*</a>"), "\(outcome.stdout)")
      #expect(html.contains(">1. First ~old~</a>"), "\(outcome.stdout)")
      #expect(html.contains(">~~gone~~ &amp;amp; more</a>"), "\(outcome.stdout)")
      #expect(html.contains("<li>2. Draft</li>"), "\(outcome.stdout)")
    }
  }

  @Test func llmsTxtReadsBackAsItsTitles() throws {
    try Harness.withTree(Self.book) { root in
      let outcome = try Harness.shell("isle llms '\(root.path)'")
      #expect(outcome.status == 0, "\(outcome.stderr)")
      let html = try Self.html(outcome.stdout)
      #expect(html.contains("<a href=\"index.html\">*Stars*</a>"), "\(outcome.stdout)")
      #expect(html.contains("<a href=\"a.html\">1. First ~old~</a>"), "\(outcome.stdout)")
    }
  }

  /// An HTML heading without an id is listed without a link: its title
  /// starts the item.
  @Test func aListItemWithoutALinkReadsBackAsItsTitle() throws {
    let page = "<h1>Page</h1>\n<h2>- dash</h2>\n<h2>2. Two</h2>\n<h2># hash</h2>\n"
    try Harness.withTree(["page.html": page]) { root in
      let outcome = try Harness.shell(
        "isle toc '\(root.appendingPathComponent("page.html").path)' --format markdown")
      #expect(outcome.status == 0, "\(outcome.stderr)")
      let html = try Self.html(outcome.stdout)
      let items = ["- dash", "2. Two", "# hash"].map { "<li>" + $0 + "</li>\n" }.joined()
      #expect(html == "<ul>\n" + items + "</ul>\n", "\(outcome.stdout)")
    }
  }
}
