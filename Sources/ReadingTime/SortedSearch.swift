extension RandomAccessCollection where Index == Int {
  /// How many elements, from the start of a collection sorted by `key`,
  /// have a key at or before `value`: the index where `value` would go
  /// after its equals. Binary search.
  @inlinable public func countAtOrBefore(_ value: Int, by key: (Element) -> Int) -> Int {
    var low = startIndex
    var high = endIndex
    while low < high {
      let mid = (low + high) / 2
      if key(self[mid]) <= value { low = mid + 1 } else { high = mid }
    }
    return low - startIndex
  }
}
