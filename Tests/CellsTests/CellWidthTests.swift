import Testing

@testable import Cells

@Suite struct CellWidthTests {
  /// ASCII text is measured byte by byte: the same widths as cluster by
  /// cluster, controls and CRLF included.
  @Test func asciiIsMeasuredByTheBytesAlike() throws {
    var texts = (0..<128).map { String(UnicodeScalar(UInt8($0))) } + ["\r\n", "a\r\nb", ""]
    texts.append(String((0..<128).map { Character(UnicodeScalar(UInt8($0))) }))
    for text in texts {
      let byCluster = text.reduce(0) { $0 + Cells.width(of: $1) }
      #expect(Cells.asciiWidth(of: text) == byCluster, "\(text.unicodeScalars.map(\.value))")
    }
    #expect(Cells.asciiWidth(of: "日本") == nil)
  }

  @Test func measuresWideEmojiAndCombiningMarks() throws {
    #expect(Cells.width(of: "abc") == 3)
    #expect(Cells.width(of: "日本") == 4)
    #expect(Cells.width(of: "한국") == 4)
    #expect(Cells.width(of: "🍲") == 2)
    #expect(Cells.width(of: "e\u{301}") == 1)
    #expect(Cells.width(of: "👩‍👩‍👧") == 2)
  }

  @Test func truncatesAtCharacterBoundariesInCells() throws {
    #expect(Cells.truncate("Method", toWidth: 10) == "Method")
    #expect(Cells.truncate("Methodology", toWidth: 6) == "Metho…")
    // A wide character that would straddle the limit is left out whole.
    #expect(Cells.truncate("日本語の見出し", toWidth: 6) == "日本…")
    #expect(Cells.truncate("e\u{301}e\u{301}e\u{301}", toWidth: 2) == "e\u{301}…")
  }
}

@Suite struct SafeTextTests {
  @Test func controlCharactersBecomeVisible() throws {
    #expect(SafeText.forTerminal("a\u{1B}[31mb") == "a\u{241B}[31mb")
    #expect(SafeText.forTerminal("x\ry") == "x\u{240D}y")
    #expect(SafeText.forTerminal("\u{9B}2J\u{202E}evil") == "\u{FFFD}2J\u{FFFD}evil")
    #expect(SafeText.forTerminal("plain") == "plain")
  }
}
