/// A tokenizer at work on one thread: it counts a text's tokens or says
/// where each ends, keeping its buffers and what it learnt of each piece
/// from one text to the next.
public struct TokenCounter {
  let model: Tokenizer.Model
  private var text = ScalarText()
  private var merge = BytePairMerge()
  /// The tokens of pieces that are no token themselves, by their bytes.
  private var known: [[UInt8]: Int] = [:]

  /// The Hugging Face tokenizer's buffers, when it is one.
  private var huggingFace: HuggingFaceCounter?

  init(model: Tokenizer.Model) {
    self.model = model
    if case .huggingFace(let tokenizer) = model { huggingFace = HuggingFaceCounter(tokenizer) }
  }

  /// How many tokens `bytes` (UTF-8) is.
  public mutating func count(_ bytes: Span<UInt8>) -> Int {
    bytes.withUnsafeBufferPointer { count($0) }
  }

  /// The same over a buffer, for this module's own callers.
  mutating func count(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var none: [Int]? = nil
    return tokens(bytes, ends: &none)
  }

  /// How many tokens `bytes` is.
  public mutating func count(_ bytes: [UInt8]) -> Int {
    bytes.withUnsafeBufferPointer { count($0) }
  }

  /// Where each token of `bytes` ends, ascending, the last at its end.
  public mutating func ends(_ bytes: Span<UInt8>) -> [Int] {
    bytes.withUnsafeBufferPointer { ends($0) }
  }

  /// The same over a buffer, for this module's own callers.
  mutating func ends(_ bytes: UnsafeBufferPointer<UInt8>) -> [Int] {
    var ends: [Int]? = []
    _ = tokens(bytes, ends: &ends)
    return ends ?? []
  }

  private mutating func tokens(_ bytes: UnsafeBufferPointer<UInt8>, ends: inout [Int]?) -> Int {
    guard bytes.count > 0 else { return 0 }
    if huggingFace != nil { return huggingFace!.tokens(bytes, ends: &ends) }
    guard case .ranks(let table, let split) = model else {
      return TokenEstimate.tokens(bytes, ends: &ends)
    }
    text.decode(bytes)
    var total = 0
    text.scalars.withUnsafeBufferPointer { scalars in
      text.classes.withUnsafeBufferPointer { classes in
        let view = Scalars(scalars: scalars, classes: classes)
        var start = 0
        while start < view.count {
          let end = split.end(at: start, in: view)
          let (from, to) = (text.offsets[start], text.offsets[end])
          let piece = UnsafeBufferPointer(rebasing: bytes[from..<to])
          total += pieceTokens(piece, table: table, base: from, ends: &ends)
          start = end
        }
      }
    }
    return total
  }

  /// The tokens of one piece, from what is known of it when only counted.
  private mutating func pieceTokens(
    _ piece: UnsafeBufferPointer<UInt8>, table: RankTable, base: Int, ends: inout [Int]?
  ) -> Int {
    if ends != nil || piece.count <= 1 || table.rank(piece) != .max {
      return merge.merge(piece, ranks: table, base: base, ends: &ends)
    }
    let key = Array(piece)
    if let count = known[key] { return count }
    let count = merge.merge(piece, ranks: table, base: base, ends: &ends)
    known[key] = count
    return count
  }
}
