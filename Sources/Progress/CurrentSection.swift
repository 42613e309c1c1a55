import Outline

/// Which section a byte offset falls in.
public enum CurrentSection {
  /// The index of the last section starting at or before `offset`; a
  /// position before the first section reads as the first. Nil only when
  /// there are no sections. Binary search.
  public static func index(in sections: [Section], atOffset offset: Int) -> Int? {
    guard !sections.isEmpty else { return nil }
    return max(sections.countAtOrBefore(offset) { $0.offset } - 1, 0)
  }
}
