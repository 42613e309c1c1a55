import Testing

@testable import Outline

/// Where a Markdown heading's id starts from: its text as cmark has it, and
/// the attribute blocks that name one (`SluggerTests`, beside Slugs, holds
/// the flavours' rules).
@Suite struct HeadingIdTests {
  /// A heading's id comes from its text as cmark has it: entities decoded
  /// (`&#x20;` is a space), a soft break dropped, image alt text left out.
  @Test func markdownHeadingsAreSluggedFromTheirWrittenText() throws {
    let document = try Outliner.outline(
      Array("# &#x20;a&#x20;\n\nA  B\nC\n===\n\n## ![logo](x.png) Soup\n".utf8), path: "a.md")
    #expect(document.sections.map(\.id) == ["-a-", "a--bc", "-soup"])
    #expect(document.sections.map(\.title) == ["a", "A B C", "logo Soup"])
  }

  /// `{ .. }` and `{ ... }` in a title are text, not attribute blocks.
  @Test func onlyWellFormedAttributeBlocksAreRead() {
    #expect(HeadingAttributes.parse("A {#a .b k=v}", colon: false, idOnly: false)?.id == "a")
    #expect(HeadingAttributes.parse("do catch { .. }", colon: false, idOnly: false) == nil)
    #expect(HeadingAttributes.parse("let ... { ... }", colon: false, idOnly: false) == nil)
    #expect(HeadingAttributes.parse("A {#a .b}", colon: false, idOnly: true) == nil)
    #expect(HeadingAttributes.parse("A {: #a}", colon: true, idOnly: false)?.text == "A")
  }
}
