/// A Hugging Face tokenizer's added tokens (`[CLS]`, `<|endoftext|>`…):
/// each is one token wherever the text holds it, found before the model
/// sees the text, leftmost first and the longest there, as the
/// `tokenizers` package finds them. Those not `normalized` are found in
/// the text as written, the others in the normalized text.
struct AddedTokens: Sendable {
  struct Token: Sendable {
    var scalars: [UInt32]
    /// Only between non-word characters (`\w`), or at the ends.
    var singleWord: Bool
    /// The white space before it (`lstrip`) or after it (`rstrip`) goes with it.
    var leftStrip: Bool
    var rightStrip: Bool
  }

  /// Those found in the text as written, and those in the normalized text.
  var raw: [Token] = []
  var normalized: [Token] = []

  /// Where `tokens` are in `text[range]`: each found, in order, as a
  /// range of scalars; what is between them is the model's.
  static func find(_ tokens: [Token], in text: [UInt32], _ range: Range<Int>) -> [Range<Int>] {
    guard !tokens.isEmpty else { return [] }
    var found: [Range<Int>] = []
    var from = range.lowerBound
    var taken = range.lowerBound
    while from < range.upperBound {
      guard let (start, token) = leftmost(tokens, in: text, from: from, to: range.upperBound) else {
        break
      }
      let end = start + token.scalars.count
      from = end
      if token.singleWord {
        let before = start > range.lowerBound && ScalarKind.isWord(text[start - 1])
        let after = end < range.upperBound && ScalarKind.isWord(text[end])
        if before || after { continue }
      }
      var (low, high) = (start, end)
      if token.leftStrip {
        while low > taken, ScalarKind.isSpace(text[low - 1]) { low -= 1 }
      }
      if token.rightStrip {
        while high < range.upperBound, ScalarKind.isSpace(text[high]) { high += 1 }
      }
      found.append(low..<high)
      taken = high
      from = high
    }
    return found
  }

  /// The first offset from `from` where a token starts, and the longest one there.
  private static func leftmost(_ tokens: [Token], in text: [UInt32], from: Int, to end: Int)
    -> (Int, Token)?
  {
    for start in from..<end {
      var best: Token? = nil
      for token in tokens where token.scalars.count > (best?.scalars.count ?? 0) {
        let stop = start + token.scalars.count
        guard stop <= end, text[start] == token.scalars[0] else { continue }
        if text[start..<stop].elementsEqual(token.scalars) { best = token }
      }
      if let best { return (start, best) }
    }
    return nil
  }
}
