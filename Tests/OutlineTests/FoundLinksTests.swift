import Testing

@testable import Outline

/// The links and anchors the outline's own walk finds, placed where they
/// are written.
@Suite struct FoundLinksTests {
  func outline(_ text: String, path: String = "a.md") throws -> DocumentLinks {
    var options = OutlineOptions()
    options.findsLinks = true
    return try #require(Outliner.outlined(Array(text.utf8), path: path, options: options).links)
  }

  func positioned(_ document: DocumentLinks) -> [String] {
    document.links.map { "\($0.line):\($0.column) \($0.kind.rawValue) \($0.destination)" }
  }

  @Test func everyKindOfLinkAtItsLineAndColumn() throws {
    let document = try outline(
      """
      Some [a](x.md#y) and ![i](p.png) and <https://e.com>
        indented [r][ref] and [ref] then <a href="h.md">h</a>
      - item [b](b.md)

      <p><img src="q.png"> <a name="n" href="#t">t</a></p>

      [ref]: r.md#frag
      """)
    #expect(
      positioned(document) == [
        "1:6 link x.md#y", "1:22 image p.png", "1:38 link https://e.com",
        "2:12 reference r.md#frag", "2:25 reference r.md#frag", "2:36 html h.md",
        "3:8 link b.md", "5:4 htmlImage q.png", "5:22 html #t", "7:1 definition r.md#frag",
      ])
    #expect(document.anchors.map(\.id) == ["n"])
  }

  @Test func frontMatterKeepsLinesAndCodeHoldsNoLinks() throws {
    let document = try outline(
      """
      ---
      title: T
      ---
      [a](#b)

          [not](a-link.md)
      `[nor](this.md)`
      """)
    #expect(positioned(document) == ["4:1 link #b"])
  }

  @Test func anHTMLPageGivesItsLinksAndEveryID() throws {
    let document = try outline(
      """
      <!doctype html><title>T</title>
      <nav id="top"><a href="other.html#x">o</a></nav>
      <main><h1 id="m">M</h1><img src="i.png"><a name="old">o</a><script>var a = '<a id="no">';</script></main>
      """, path: "a.html")
    #expect(positioned(document) == ["2:15 html other.html#x", "3:24 htmlImage i.png"])
    #expect(document.anchors.map(\.id) == ["top", "m", "old"])
  }

  @Test func nothingIsGatheredUnlessAsked() throws {
    let outlined = try Outliner.outlined(Array("[a](b.md) <a id=x></a>".utf8), path: "a.md")
    #expect(outlined.links == nil)
  }
}
