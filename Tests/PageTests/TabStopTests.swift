import Page
import Testing

/// Tabs go to the terminal's stops, every eight cells counted as drawn,
/// in code and in the source shown as it is.
@Suite struct TabStopTests {
  @Test(arguments: [PageFormat.markdown, .plain])
  func tabsReachTheNextStopOfEight(_ format: PageFormat) {
    let source = format == .markdown ? "```\na\tb\n中\tc\n\td\n```\n" : "a\tb\n中\tc\n\td\n"
    let texts = Page.lay(Array(source.utf8), format: format, width: 80).map(\.text)
    #expect(texts.contains { $0.hasSuffix("a       b") })
    #expect(texts.contains { $0.hasSuffix("中      c") })
    #expect(texts.contains { $0.hasSuffix("        d") })
  }
}
