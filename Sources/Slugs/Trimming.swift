extension StringProtocol {
  /// The text without the scalars `isTrimmed` picks at either end: the one
  /// trim the others (blanks, ASCII space, Python's space) are made of.
  public func trimming(where isTrimmed: (Unicode.Scalar) -> Bool) -> String {
    let scalars = Substring(self).unicodeScalars
    guard let first = scalars.firstIndex(where: { !isTrimmed($0) }),
      let last = scalars.lastIndex(where: { !isTrimmed($0) })
    else { return "" }
    return String(scalars[first...last])
  }

  /// The text without any of `characters` at either end.
  public func trimmingCharacters(in characters: String) -> String {
    trimming { characters.unicodeScalars.contains($0) }
  }
}
