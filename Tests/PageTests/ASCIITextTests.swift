import Cells
import TestSupport
import Testing

@testable import Page

/// The byte by byte shortcuts give what the Character by Character way
/// gives, on text made of ASCII, white space, controls and the characters
/// that join or widen (CJK, emoji, combining marks, CR LF).
@Suite struct ASCIITextTests {
  static let pieces: [String] = [
    "a", "Z", "0", " ", "  ", "\t", "\n", "\r", "\r\n", "\u{0B}", "\u{0C}", "\u{1B}", "\u{7F}",
    "-", "é", "e\u{301}", " \u{301}", "漢", "字", "😀", "👩‍👩‍👧", "🇫🇷", "☺\u{FE0F}", "\u{85}",
    "\u{A0}", "\u{3000}", "\u{2028}", "\u{202E}", "\u{200B}", "ש", "word",
  ]

  /// Texts of one to eight pieces, drawn the same way each run.
  static func texts(count: Int) -> [String] {
    var generator = SplitMix(state: 42)
    return (0..<count).map { _ in
      let length = Int(generator.next() % 8) + 1
      return (0..<length).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }
        .joined()
    }
  }

  @Test func spacedMatchesCharacters() {
    for text in Self.texts(count: 4000) + Self.pieces {
      let slow = String(text.map { $0.isWhitespace ? " " : $0 })
      if let fast = ASCIIText.spaced(text) {
        #expect(Array(fast.utf8) == Array(slow.utf8), "\(Array(text.utf8))")
      } else {
        #expect(text.utf8.contains { $0 >= 0x80 }, "\(Array(text.utf8)) declined")
      }
    }
  }

  @Test func cellsMatchCharacters() {
    var taken = 0
    for (index, text) in (Self.texts(count: 4000) + Self.pieces).enumerated() {
      let run = Run(text, offset: index % 3 == 0 ? nil : index)
      var fast: [Wrapper.Cell] = []
      if ASCIIText.appendCells(run, index: index, to: &fast) {
        taken += 1
        #expect(fast == Wrapper.characterCells(run, index: index), "\(Array(text.utf8))")
      } else {
        #expect(fast.isEmpty)
      }
    }
    // The shortcut is taken often enough for the comparison to mean something.
    #expect(taken > 150)
  }

  @Test func safeTextMatchesScalars() {
    for text in Self.texts(count: 4000) + Self.pieces {
      let slow = String(
        String.UnicodeScalarView(
          text.unicodeScalars.map { scalar -> Unicode.Scalar in
            switch scalar.value {
            case 0x00...0x1F: Unicode.Scalar(0x2400 + scalar.value)!
            case 0x7F: "\u{2421}"
            case 0x80...0x9F, 0x202A...0x202E, 0x2066...0x2069: "\u{FFFD}"
            default: scalar
            }
          }))
      #expect(SafeText.forTerminal(text) == slow, "\(Array(text.utf8))")
    }
  }
}
