import TestSupport
import Testing

@testable import Found

/// Titles collapse white space as Unicode defines it, byte path or not.
@Suite struct PlainTextTests {
  /// The rule, written the plain way, to hold the fast one to.
  static func reference(_ text: String) -> String {
    let dropped: Set<UInt32> = [0x200B, 0x2060, 0xFEFF]
    let kept = text.unicodeScalars.filter { !dropped.contains($0.value) }
    var words: [String] = []
    var word = String.UnicodeScalarView()
    for scalar in kept {
      if scalar.properties.isWhitespace {
        if !word.isEmpty { words.append(String(word)) }
        word = String.UnicodeScalarView()
      } else {
        word.append(scalar)
      }
    }
    if !word.isEmpty { words.append(String(word)) }
    return words.joined(separator: " ")
  }

  @Test func collapsesAsTheRuleSays() {
    var random = SplitMix(state: 3)
    let pieces = [
      "a", "B", " ", "\t", "\n", "\r\n", "\u{0B}", "\u{0C}", "\u{85}", "\u{A0}", "\u{2028}",
      "\u{3000}", "\u{200B}", "\u{2060}", "\u{FEFF}", "\u{200D}", "é", "数", "👩‍👩‍👧", "\u{0}",
    ]
    for _ in 0..<2_000 {
      let text = (0..<Int.random(in: 0...12, using: &random)).map { _ in
        pieces.randomElement(using: &random)!
      }.joined()
      #expect(PlainText.collapsed(text) == Self.reference(text), "\(Array(text.unicodeScalars))")
    }
  }

}
