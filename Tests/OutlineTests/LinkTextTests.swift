import TestSupport
import Testing

@testable import Found
@testable import Outline

/// A heading's link text in a contents list reads back as its title.
@Suite struct LinkTextTests {
  /// The link text of the only heading of `# title`.
  func linkText(_ title: String) throws -> (text: String, section: Section) {
    let document = try Outliner.outline(Array("# \(title)\n".utf8), path: "doc.md")
    let section = try #require(document.sections.first)
    return (MarkdownLinkText.text(for: section, format: .markdown), section)
  }

  @Test(arguments: [
    ("`Debug` mode", "`Debug` mode"),
    ("~~Old~~ API", "~~Old~~ API"),
    ("println! now", "println! now"),
    ("snake_case and _x_", "snake_case and x"),
    // Code spans that would touch once emphasis is gone become one.
    ("`user`*`/`*`repo`", "`user/repo`"),
    ("`` a`b ``", "``a`b``"),
    ("[c] <d> & e", "\\[c\\] & e"),
    ("&amp;copy; 1 < 2", "\\&copy; 1 \\< 2"),
  ])
  func keepsCodeAndStrikethroughAndEscapesLittle(_ title: String, _ expected: String) throws {
    #expect(try linkText(title).text == expected)
  }

  /// Random titles made of what Markdown reads as markup: the link text,
  /// parsed as a link's text, is the title again.
  @Test func readsBackAsTheTitle() throws {
    var random = SplitMix(state: 17)
    let alphabet = Array("ab _*\\`[]<>&!~#()é;1")
    for _ in 0..<400 {
      let title = String(
        (0..<Int.random(in: 1...14, using: &random)).map { _ in
          alphabet.randomElement(using: &random)!
        })
      let (text, section) = try linkText(title)
      guard !section.title.isEmpty else { continue }
      let parsed = try #require(MarkdownLinkText.linkText(of: "[\(text)](#x)"), "\(title)")
      #expect(PlainText.collapsed(parsed.plain) == section.title, "title \(title) as \(text)")
    }
  }
}
