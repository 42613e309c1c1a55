/// Tokens counted without a tokenizer: text split as cl100k_base splits
/// it, each piece one token for every four bytes begun. Close to what
/// byte-pair tokenizers give English prose (a word, with its space, is
/// usually one token), more for code and other scripts; never exact.
enum TokenEstimate {
  /// The estimated tokens of `piece`, each ending four bytes on (or at
  /// a scalar's end after that), appended to `ends` moved by `base`.
  static func tokens(_ piece: UnsafeBufferPointer<UInt8>, base: Int, ends: inout [Int]?) -> Int {
    var count = 0
    var end = 0
    while end < piece.count {
      end = min(end + 4, piece.count)
      while end < piece.count, piece[end] & 0xC0 == 0x80 { end += 1 }
      ends?.append(base + end)
      count += 1
    }
    return count
  }
}
