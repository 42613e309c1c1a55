/// A piece's byte pairs merged as tiktoken merges them: while some two
/// neighbouring parts join into a token, the pair whose token has the
/// lowest rank is joined (the first of equals), until none is left.
struct BytePairMerge {
  /// Where each part starts, the piece's end last.
  private var starts: [Int] = []
  /// The rank of each part joined with the next, `UInt32.max` for none.
  private var pairRanks: [UInt32] = []

  /// The tokens of `piece`: where each one ends, appended to `ends`
  /// (moved by `base`), or only counted when `ends` is nil.
  mutating func merge(
    _ piece: UnsafeBufferPointer<UInt8>, ranks: RankTable, base: Int, ends: inout [Int]?
  ) -> Int {
    let length = piece.count
    if length <= 1 || ranks.rank(piece) != .max {
      ends?.append(base + length)
      return length == 0 ? 0 : 1
    }
    starts.removeAll(keepingCapacity: true)
    pairRanks.removeAll(keepingCapacity: true)
    for index in 0...length { starts.append(index) }
    func rank(_ part: Int) -> UInt32 {
      guard part + 2 < starts.count else { return .max }
      return ranks.rank(UnsafeBufferPointer(rebasing: piece[starts[part]..<starts[part + 2]]))
    }
    for part in 0..<length { pairRanks.append(rank(part)) }
    while true {
      var lowest = UInt32.max
      var at = -1
      for part in 0..<(starts.count - 2) where pairRanks[part] < lowest {
        lowest = pairRanks[part]
        at = part
      }
      if at < 0 { break }
      starts.remove(at: at + 1)
      pairRanks.remove(at: at + 1)
      pairRanks[at] = rank(at)
      if at > 0 { pairRanks[at - 1] = rank(at - 1) }
    }
    if ends != nil {
      for part in 1..<starts.count { ends!.append(base + starts[part]) }
    }
    return starts.count - 1
  }
}
