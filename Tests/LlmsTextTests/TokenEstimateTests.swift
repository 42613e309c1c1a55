import Testing
import Tokens

/// The token estimate counted (an ASCII word by its length) and cut
/// (unit by unit, where each token ends) agree on generated texts of
/// words long and short, ASCII and not, after spaces, signs and digits.
@Suite struct TokenEstimateTests {
  @Test func countsAsManyTokensAsItCuts() {
    let pieces = [
      "a", "word", "averyveryverylongword", "naïve", "日本語", "😀", " ", "  ", "\n", "\n\n", "-",
      "--", "(", "12345", "x9", "\t", "é", "Straße", "ab\u{300}",
    ]
    var state: UInt64 = 17
    func next() -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(state >> 33)
    }
    var counter = Tokenizer.estimate.counter()
    for _ in 0..<3000 {
      let text = (0...(next() % 16)).map { _ in pieces[next() % pieces.count] }.joined()
      let bytes = Array(text.utf8)
      #expect(counter.count(bytes) == counter.ends(bytes.span).count, "\(text.debugDescription)")
    }
  }
}
