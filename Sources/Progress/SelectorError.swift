/// A selector that names no section, or more than one.
public enum SelectorError: Error, Equatable, Sendable {
  /// Nothing matched; `closest` holds the nearest headings (indices into
  /// `HeadingTree.headings`), only those near enough to be meant.
  case noMatch(closest: [Int])
  /// A part of a title, or a path, matched several headings: theirs.
  case ambiguous([Int])
  /// `0` asked for the text before the first section, and there is none.
  case noPreamble
  /// A position outside the document.
  case position(PositionError)
}
