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

  @Test(arguments: ["\n", "\r\n"])
  func theScanTellsFencedLinesApart(_ lineEnd: String) {
    let lines = [
      "a", "```", "[^a]: x", "[l]: /x", "```", "[^b]: y", "[m]: /y", "~~~~", "```", "[^c]: z",
      "[n]: /z",
    ]
    let bytes = Array(lines.joined(separator: lineEnd).utf8)
    let labels = bytes.withUnsafeBufferPointer { PieceLabels.scan($0, range: 0..<$0.count) }
    #expect(labels.footnotes.count == 3)
    #expect(labels.likelyFootnotes == [Array("b".utf8)])
    #expect(labels.links.count == 3)
    #expect(labels.likelyLinks == [Array("m".utf8)])
  }

  /// A definition opens its line (inside quotes, list items and footnotes)
  /// and has a destination; the scan's candidates are a superset of
  /// cmark's definitions (a destination on the next line is taken, even
  /// where a heading there means none), no more than that.
  @Test func theScanTakesOnlyWhatCouldDefine() {
    let text = """
      Prose that ends in a [label]:
      and a [Mid]: /line
      [none]: /url garbage
      [blank]:

      [gone]:
      # heading
      [^mid] said [^mid2]: there
      [yes]: /u
      [title]: /u "t"
      [next]:
        /u
      > [quoted]: /q
      > [quoted next]:
      > /q
      - [listed]: /l
      12) > [deep]: </d>
      [^note]: [inside]: /i
      [^n2]:

      """
    let bytes = Array(text.utf8)
    let labels = bytes.withUnsafeBufferPointer { PieceLabels.scan($0, range: 0..<$0.count) }
    let links = labels.links.map { String(decoding: $0, as: UTF8.self) }
    #expect(
      links == [
        "gone", "yes", "title", "next", "quoted", "quoted next", "listed", "deep", "inside",
      ])
    #expect(labels.footnotes.map { String(decoding: $0, as: UTF8.self) } == ["note", "n2"])
  }

  /// Prose brackets that definitions in code elsewhere share a label with
  /// are given nothing, so they read as text at once: no second parse.
  /// cmark skips a byte order mark before the first definition.
  @Test func aDefinitionAfterAByteOrderMarkIsOne() {
    let bytes = Array("\u{FEFF}[bom]: /u\n".utf8)
    let labels = bytes.withUnsafeBufferPointer { PieceLabels.scan($0, range: 0..<$0.count) }
    #expect(labels.links == [Array("bom".utf8)])
  }

  @Test func definitionsInCodeAreNotGiven() throws {
    let text = """
      # A cites [1] and [^1]

      # B

      ```
      [1]: /in-code
      [^1]: in code
      ```

      # C [1]

      """
    let both = try PiecesTests.expect(text, pieces: 3, firstTitle: "A cites [1] and [^1]")
    #expect(both.again == 0)
  }

  /// The scan takes the fence of a list item to open at its close, so the
  /// definition after it for code: not given, yet real, and found by its
  /// probe. The piece that needs it is parsed again.
  @Test func aRealDefinitionTheScanTookForCodeIsFound() throws {
    let text = "# A [r]\n\n# B\n\n- ```\n  x\n  ```\n\n[r]: /real\n"
    let both = try PiecesTests.expect(text, pieces: 2, firstTitle: "A r")
    #expect(both.again == 1)
  }

  /// A fence or a comment closed on the line before the next heading does
  /// not run on: the pieces are not joined.
  @Test func aBlockClosedOnAPiecesLastLineIsNotJoined() throws {
    let text = "# A\n```\n# no\n```\n# B\n<!--\n# no\n-->\n# C\n<div>\n# in the div\n"
    let both = try PiecesTests.expect(text, pieces: 3, firstTitle: "A")
    #expect(both.again == 0)
  }

  /// The last piece falls back on others' definitions too; when it ends in
  /// a fence left open, which would hold them, it is parsed without.
  @Test func theLastPieceFallsBackUnlessItRunsOn() throws {
    let closed = "# A\n\n[r]: /real\n\n# B [r]\n\n```\n[r]: /in-code\n```\n"
    #expect(try PiecesTests.expect(closed, pieces: 2, firstTitle: "A").again == 0)
    let open = closed + "```\nnever closed [r]\n"
    #expect(try PiecesTests.expect(open, pieces: 2, firstTitle: "A").again == 1)
  }

  /// Footnotes defined in several pieces and referred to nowhere, or first
  /// in a piece whose definitions the footnote scan took for code (between
  /// fences inside HTML blocks): each piece probes its own, and the
  /// definitions the whole drops (with a heading in one) go as the pieces
  /// join, without a second parse.
  @Test func footnotesTheWholeDropsGoAsThePiecesJoin() throws {
    let text = """
      # A [^r]

      <div>
      ```
      </div>

      [^r]: first, kept

      [^spare]: never referred to

      <div>
      ```
      </div>

      # B [^r]

      [^spare]: again

      [^r]:
          ## dropped heading

          dropped words

      # C

      [^spare]: and again

      """
    let both = try PiecesTests.expect(text, pieces: 3, firstTitle: "A")
    #expect(both.again == 0)
    #expect(both.split.headings.map(\.title) == ["A", "B", "C"])
  }
}

/// A document whose pieces would be given more to read than they hold is
/// parsed whole, decided before any piece is parsed.
@Suite struct PieceDeclineTests {
  static func ledger(_ text: String) -> (PieceLedger, [PiecePlan], size: Int) {
    let bytes = Array(text.utf8)
    return bytes.withUnsafeBufferPointer { buffer in
      let starts = MarkdownPieces.cuts(buffer, lines: LineIndex(buffer), from: 0, every: 1)
      let ranges = starts.indices.map {
        starts[$0]..<($0 + 1 < starts.count ? starts[$0 + 1] : buffer.count)
      }
      let ledger = PieceLedger(ranges.map { PieceLabels.scan(buffer, range: $0) })
      return (ledger, ranges.indices.map(ledger.firstPlan), buffer.count)
    }
  }

  @Test func piecesGivenMoreThanTheyHoldAreDeclined() {
    let labels = (0..<40).map { "[label\($0)]" }
    let text =
      (0..<10).map { "# S\($0)\n\n" + labels.joined(separator: " ") + "\n\n" }.joined()
      + (0..<40).map { "[label\($0)]: /u\($0)\n" }.joined()
    let (ledger, plans, size) = Self.ledger(text)
    #expect(ledger.declines(plans, size: size, cores: 2) != nil)
    // With enough cores the pieces are still done sooner.
    #expect(ledger.declines(plans, size: size, cores: 64) == nil)
  }

  @Test func aDocumentOfOrdinaryPiecesIsNot() {
    let text = (0..<10).map { "# S\($0)\n\nWords and [a link][l] here.\n\n" }.joined() + "[l]: /u\n"
    let (ledger, plans, size) = Self.ledger(text)
    #expect(ledger.declines(plans, size: size, cores: 2) == nil)
  }
}
