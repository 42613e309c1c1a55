/// A WordPiece model (BERT's): a word is the longest piece of the vocabulary
/// it starts with, then the longest continuing piece (`##` and the bytes)
/// from where that ends, and so on; a word that cannot be read so, or is
/// longer than `maxCharacters`, is one unknown token.
final class WordPiece: Sendable {
  /// The pieces a word may start with (the whole vocabulary), and the
  /// continuing pieces without their prefix.
  private let starting: RankTable
  private let continuing: RankTable
  let maxCharacters: Int

  init(vocabulary: [[UInt8]], prefix: [UInt8], maxCharacters: Int) {
    var starts: [(bytes: [UInt8], rank: UInt32)] = []
    var rest: [(bytes: [UInt8], rank: UInt32)] = []
    for (index, piece) in vocabulary.enumerated() {
      starts.append((piece, UInt32(index)))
      if piece.starts(with: prefix) {
        rest.append((Array(piece[prefix.count...]), UInt32(index)))
      }
    }
    starting = RankTable(tokens: starts)
    continuing = RankTable(tokens: rest)
    self.maxCharacters = maxCharacters
  }

  /// The tokens of the word `bytes` (UTF-8, `characters` scalars long):
  /// where each ends in it, appended to `ends`.
  func tokens(_ bytes: UnsafeBufferPointer<UInt8>, characters: Int, ends: inout [Int]) {
    let mark = ends.count
    guard characters <= maxCharacters else {
      ends.append(bytes.count)
      return
    }
    var start = 0
    while start < bytes.count {
      var end = bytes.count
      let table = start == 0 ? starting : continuing
      while end > start, table.rank(UnsafeBufferPointer(rebasing: bytes[start..<end])) == .max {
        end -= 1
        while end > start, bytes[end] & 0xC0 == 0x80 { end -= 1 }
      }
      guard end > start else {
        ends.removeSubrange(mark...)
        ends.append(bytes.count)
        return
      }
      ends.append(end)
      start = end
    }
  }
}
