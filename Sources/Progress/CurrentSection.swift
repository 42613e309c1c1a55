import Outline

/// Which section a byte offset falls in.
public enum CurrentSection {
  /// The index of the last section starting at or before `offset`; a
  /// position before the first section reads as the first. Nil only when
  /// there are no sections. Binary search.
  public static func index(in sections: [Section], atOffset offset: Int) -> Int? {
    guard !sections.isEmpty else { return nil }
    var low = 0
    var high = sections.count
    while low < high {
      let mid = (low + high) / 2
      if sections[mid].offset <= offset { low = mid + 1 } else { high = mid }
    }
    return max(low - 1, 0)
  }
}
