/// A jump that names no section, or more than one.
public enum JumpError: Error, Equatable, Sendable {
  /// Nothing matched; `closest` holds the nearest sections' indices.
  case noMatch(closest: [Int])
  /// A part of a title matched several sections; their indices.
  case ambiguous(matches: [Int])
  /// The name matches a heading outside the levels shown; its index among
  /// the document's folded headings.
  case folded(Int)
  /// The name matches several headings outside the levels shown, and none
  /// shown; their indices among the document's folded headings.
  case foldedAmbiguous([Int])
}
