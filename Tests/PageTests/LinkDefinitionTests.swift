import Page
import TestSupport
import Testing

/// A document cut in pieces finds its link definitions wherever they
/// stand: a reference in the first piece to a definition at the end is a
/// link, as it is when the document is laid out whole.
@Suite struct LinkDefinitionTests {
  static func document() -> [UInt8] {
    var random = SplitMix(state: 7)
    var text = "# Top\n\nSee [the docs][docs], [Shortcut] and [not defined][nowhere].\n\n"
    for section in 0..<60 {
      text += "## Part \(section)\n\n"
      text +=
        (0..<80).map { _ in "word\(random.next() % 50)" }.joined(separator: " ") + "\n\n"
    }
    text += "Back to [the docs][DOCS].\n\n"
    text += "[docs]: https://example.com/docs\n[shortcut]:\n  #top\n  \"The top\"\n"
    text += "[^note]: a footnote's text is not a link definition\n"
    return Array(text.utf8)
  }

  static func links(in page: Page) -> [(text: String, link: String?)] {
    var found: [(String, String?)] = []
    var spot = page.first
    while true {
      for run in page.line(at: spot)?.runs ?? [] { found.append((run.text, run.link)) }
      let next = page.moved(spot, by: 1)
      if next == spot { return found }
      spot = next
    }
  }

  @Test func aReferenceFindsItsDefinitionInAnotherPiece() throws {
    let bytes = Self.document()
    let cuts = Page.cuts(of: bytes.span, format: .markdown, every: 2 << 10)
    try #require(cuts.count > 4, "the document is cut in pieces")
    let page = try Page(
      bytes: bytes, options: PageOptions(drawing: .markdown, width: 60, pieceSize: 2 << 10))
    #expect(page.cuts == cuts)
    let runs = Self.links(in: page)
    #expect(runs.contains { $0.text == "the docs" && $0.link == "https://example.com/docs" })
    #expect(runs.filter { $0.link == "https://example.com/docs" }.count == 2)
    #expect(runs.contains { $0.text == "Shortcut" && $0.link == "#top" })
    #expect(runs.contains { $0.text.contains("[not defined][nowhere]") }, "undefined stays text")
    let text = runs.map(\.text).joined()
    #expect(!text.contains("[docs]") && !text.contains("[Shortcut]"))
    // Laid out whole, the same links.
    let whole = Page.lay(bytes, format: .markdown, width: 60).flatMap(\.runs)
    #expect(
      Set(whole.compactMap(\.link)) == Set(runs.compactMap(\.link)),
      "the same links as the document laid out whole")
  }
}
