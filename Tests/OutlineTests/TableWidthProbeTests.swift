import Outline
import Testing

/// The wide-table guard: which rows it refuses, and that no line of any
/// shape trips it up (markers at a line's end, blank lines, CRs).
@Suite struct TableWidthProbeTests {
  static func widest(_ text: String, limit: Int) -> (cells: Int, line: Int)? {
    let bytes = Array(text.utf8)
    return DocumentShape.widestTable(of: bytes.span, limit: limit)
  }

  @Test func refusesWideDelimiterRowsBodyRowsAndQuotedTables() {
    #expect(Self.widest("|a|b|c|d|\n|-|-|-|-|\n", limit: 3)?.cells == 4)
    #expect(Self.widest("|a|b|c|d|\n|-|-|-|-|\n", limit: 3)?.line == 2)
    #expect(Self.widest("|a|b|\n|-|-|\n|1|2|3|4|5|\n", limit: 3)?.cells == 5)
    #expect(Self.widest("> |a|b|c|d|\n> |-|-|-|-|\n", limit: 3)?.cells == 4)
    #expect(Self.widest("- |a|b|c|d|\n  |-|-|-|-|\n", limit: 3)?.cells == 4)
    // Not a table: a row of pipes with no delimiter row before it, and one
    // after a blank line ends the table.
    #expect(Self.widest("|1|2|3|4|5|\n", limit: 3) == nil)
    #expect(Self.widest("|a|b|\n|-|-|\n\n|1|2|3|4|5|\n", limit: 3) == nil)
    #expect(Self.widest("|a|b|\n|-|-|\n|1\\|2\\|3\\|4|\n", limit: 3) == nil)
  }

  @Test func anyShapeOfLineIsReadWithoutATrap() {
    var generator = SystemRandomNumberGenerator()
    let pieces = ["|", "-", ":", ">", " ", "*", "+", "\n", "\r", "a", "\\", "\t", "- ", "> "]
    for _ in 0..<2_000 {
      let text = (0..<Int.random(in: 0...60, using: &generator)).map { _ in
        pieces.randomElement(using: &generator)!
      }.joined()
      _ = Self.widest(text, limit: Int.random(in: 1...4, using: &generator))
    }
    // A list marker at a line's very end (it once read past the line).
    #expect(Self.widest("abc -", limit: 1) == nil)
    #expect(Self.widest("|a|b|\n|-|-|\n-", limit: 1)?.cells == 2)
  }
}
