import Foundation
import HTMLOutline
import Outline
import Page
import Testing

/// `--within`: the part of a published page outlined, as a user sees it.
@Suite struct WithinTests {
  static let page = "fixtures/published-page.html"
  static let header = "title\n"

  static func titles(_ titles: String...) -> String { header + titles.map { $0 + "\n" }.joined() }

  static let cases: [(within: String?, status: Int32, titles: String, stderr: String)] = [
    // auto: the one <main>, here holding two <article>s.
    (nil, 0, titles("Field notes", "Morning", "Evening", "Related entries"), ""),
    ("auto", 0, titles("Field notes", "Morning", "Evening", "Related entries"), ""),
    ("div.body", 0, titles("Field notes", "Morning", "Evening"), ""),
    ("#content .body", 0, titles("Field notes", "Morning", "Evening"), ""),
    ("main .post.body", 0, titles("Field notes", "Morning", "Evening"), ""),
    ("DIV.body H2", 0, titles("Morning"), ""),
    ("article", 0, titles("Morning"), ""),
    ("nav", 0, titles("Main navigation"), ""),
    (
      "html", 0,
      titles(
        "Main navigation", "Field notes", "Morning", "Evening", "Related entries", "Subscribe"),
      ""
    ),
    ("section.none", 1, header, "isle: fixtures/published-page.html: no headings\n"),
    ("#Content", 1, header, "isle: fixtures/published-page.html: no headings\n"),
    (
      "main > div", 2, "",
      "isle: error: invalid value 'main > div' for '--within': expected auto or types, #ids and "
        + ".classes joined by spaces (main, #content, div.body) (see 'isle help toc')\n"
    ),
  ]

  @Test(arguments: cases.indices)
  func within(_ index: Int) {
    let (within, status, titles, stderr) = Self.cases[index]
    let outcome = Harness.run(
      ["toc", "--format", "tsv", "--max-level", "6"] + (within.map { ["--within", $0] } ?? [])
        + [Self.page])
    #expect(outcome.status == status, "\(within ?? "-")")
    #expect(outcome.stderr == stderr)
    let column = outcome.stdout.split(separator: "\n").map {
      String($0.split(separator: "\t", omittingEmptySubsequences: false)[2]) + "\n"
    }.joined()
    #expect(column == titles, "\(within ?? "-")")
  }

  /// A page with one <article> and no <main> keeps to the article; its
  /// reading leaves out the sidebar's words too.
  @Test func autoTakesTheOneArticle() {
    let auto = Harness.run(["toc", "--format", "json", "--max-level", "6", "fixtures/article.html"])
    let whole = Harness.run(
      ["toc", "--format", "json", "--max-level", "6", "--within", "html", "fixtures/article.html"])
    #expect(auto.stdout.contains("\"title\":\"Why length matters\""))
    #expect(!auto.stdout.contains("Related reading"))
    #expect(whole.stdout.contains("Related reading"))
  }

  /// Markdown is read whole, whatever --within says.
  @Test func markdownIsReadWhole() {
    let plain = Harness.run(["toc", "fixtures/recipe.md"])
    let within = Harness.run(["toc", "--within", "nav", "fixtures/recipe.md"])
    #expect(within.status == 0)
    #expect(within.stdout == plain.stdout)
  }

  /// `isle read` draws the part of a page the outline reads: by default
  /// the <main>, not the navigation; `--within html` the whole page.
  @Test func readDrawsThePartTheOutlineReads() throws {
    let bytes = try Array(Data(contentsOf: Harness.root.appendingPathComponent(Self.page)))
    func text(_ scope: HTMLScope) -> String {
      Page.lay(bytes, format: .html, width: 80, scope: scope).map(\.text).joined(separator: "\n")
    }
    #expect(text(.auto).contains("Morning") && !text(.auto).contains("Main navigation"))
    #expect(text(.whole).contains("Main navigation") && text(.whole).contains("Morning"))
    let article = try #require(CSSSelector("article"))
    #expect(
      text(.within(article)).contains("Morning") && !text(.within(article)).contains("Evening"))
  }

  /// A selector that leaves nothing to read is an error before any frame,
  /// not an empty pager.
  @Test func readRefusesASelectorThatLeavesNothing() throws {
    let outcome = try Harness.runBinary(["read", "--within", "section.none", Self.page])
    #expect(outcome.status == 1)
    #expect(outcome.stderr == "isle: error: \(Self.page): nothing to read within 'section.none'\n")
  }
}
