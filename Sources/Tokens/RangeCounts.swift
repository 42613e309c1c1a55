extension TokenCounter {
  /// The tokens of each of `ranges` of `bytes`, each what `count` of that
  /// range alone gives.
  ///
  /// With the estimate, ranges that nest or follow one another (a
  /// document's sections with their subsections) share the work: the text
  /// is counted once in the stretches between the ranges' ends, and a
  /// range is the sum of its stretches when every end inside it is a
  /// clean cut (`TokenEstimate.cutsCleanly`), where no piece of the
  /// estimate reaches across. A range with a cut of another kind inside,
  /// and every range of an exact tokenizer, is counted alone.
  public mutating func counts(of ranges: [Range<Int>], in bytes: Span<UInt8>) -> [Int] {
    bytes.withUnsafeBufferPointer { buffer in
      guard case .estimate = model, ranges.count > 1 else {
        return ranges.map { count(UnsafeBufferPointer(rebasing: buffer[$0])) }
      }
      return Self.estimates(of: ranges, in: buffer)
    }
  }

  /// The estimate's counts of `ranges`, sharing the stretches between ends.
  private static func estimates(of ranges: [Range<Int>], in bytes: UnsafeBufferPointer<UInt8>)
    -> [Int]
  {
    var none: [Int]? = nil
    let cuts = Array(Set(ranges.flatMap { [$0.lowerBound, $0.upperBound] })).sorted()
    // Before each cut: the tokens of the stretches up to it, and how many
    // cuts up to it are not clean.
    var before = [0]
    var unclean = [0]
    before.reserveCapacity(cuts.count)
    unclean.reserveCapacity(cuts.count)
    for index in cuts.indices.dropFirst() {
      let stretch = UnsafeBufferPointer(rebasing: bytes[cuts[index - 1]..<cuts[index]])
      before.append(before[index - 1] + TokenEstimate.tokens(stretch, ends: &none))
      let clean = TokenEstimate.cutsCleanly(bytes, at: cuts[index - 1])
      unclean.append(unclean[index - 1] + (clean ? 0 : 1))
    }
    return ranges.map { range in
      guard !range.isEmpty else { return 0 }
      let first = Self.position(of: range.lowerBound, in: cuts)
      let last = Self.position(of: range.upperBound, in: cuts)
      // The cuts strictly inside the range are first + 1 ..< last.
      if unclean[last] - unclean[first + 1] == 0 { return before[last] - before[first] }
      return TokenEstimate.tokens(UnsafeBufferPointer(rebasing: bytes[range]), ends: &none)
    }
  }

  /// Where `cut` is in the sorted `cuts`, which hold it.
  private static func position(of cut: Int, in cuts: [Int]) -> Int {
    var low = 0
    var high = cuts.count - 1
    while low < high {
      let middle = (low + high) / 2
      if cuts[middle] < cut { low = middle + 1 } else { high = middle }
    }
    return low
  }
}
