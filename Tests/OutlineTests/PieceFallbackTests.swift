import Testing

@testable import Outline

/// A piece whose `[label]:` lines are in code falls back on another
/// piece's definitions, which cmark reads after it: the piece is parsed
/// once, not again, and reads what the whole reads.
@Suite struct PieceFallbackTests {
  @Test func aLinkLabelDefinedOnlyInCodeFallsBackOnAnotherPiece() throws {
    let text = """
      # A uses [r]

      ```
      [r]: /in-code
      ```

      # B

      [r]: /real

      """
    let both = try PiecesTests.expect(text, pieces: 2, firstTitle: "A uses r")
    #expect(both.again == 0, "the first piece needed nothing more")
  }

  @Test func aFootnoteDefinedFirstInCodeIsTakenFromTheFirstOutside() throws {
    let text = """
      # A refers to [^n]

      ```
      [^n]: in code
      ```

      # B

      [^n]: the note of six words here

      # C [^n]

      [^n]: a second definition, dropped

      """
    let both = try PiecesTests.expect(text, pieces: 3, firstTitle: "A refers to")
    #expect(both.again == 0, "no piece needed a second parse")
  }

  /// A definition cmark drops (nothing refers to it) still refers to the
  /// footnotes in its text, which are then kept: the walk does not see that
  /// reference, so the piece whose probe reached the footnote to fall back
  /// on is parsed again to know.
  @Test func aDroppedDefinitionStillKeepsTheFootnoteItRefersTo() throws {
    let text = """
      # I

      ```
      [^k]: in code
      ```

      [^j]: refers to [^k]

      # O

      [^k]: the note kept of seven words here

      """
    let both = try PiecesTests.expect(text, pieces: 2, firstTitle: "I")
    #expect(
      both.whole.readings.contains { $0.reading.words == 7 }, "the whole keeps the note's text")
    #expect(both.again >= 1)
  }

  /// With nothing to fall back on (the last piece), a piece whose own
  /// definition is in code still reads what the whole reads.
  @Test func theLastPieceHasNothingAfterIt() throws {
    let text = "# A\n\n[r]: /real\n\n# B uses [r]\n\n```\n[r]: /in-code\n```\n"
    let both = try PiecesTests.expect(text, pieces: 2, firstTitle: "A")
    #expect(both.split.headings.last?.title == "B uses r")
  }

  /// A heading interrupts the paragraph `[label]:` stands in before
  /// cmark reads definitions from it, so the heading is never the
  /// definition's destination and title, in the whole or in a piece that
  /// stops there: a cut falls before it as before any heading.
  @Test func aHeadingIsNeverTheDestinationOfTheLineBefore() throws {
    let text = "# A [x]\n\n[x]:\n# \"not eaten\"\n\n# B\n"
    let both = try PiecesTests.expect(text, pieces: 3, firstTitle: "A [x]")
    #expect(both.whole.headings.map(\.title) == ["A [x]", "\"not eaten\"", "B"])
  }

  @Test func theScanTellsFencedFootnoteLinesApart() {
    let text = Array("a\n```\n[^a]: x\n```\n[^b]: y\n~~~~\n```\n[^c]: z\n".utf8)
    let labels = text.withUnsafeBufferPointer { PieceLabels.scan($0, range: 0..<$0.count) }
    #expect(labels.footnotes.count == 3)
    #expect(labels.likelyFootnotes == [Array("b".utf8)])
  }
}
