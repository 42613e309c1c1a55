/// A heading as the server shows it: where it is, the section it opens
/// (its sub-sections included), and that section's reading time.
public struct HeadingFact: Sendable {
  public var level: Int
  public var title: String
  /// Its id; nil for an HTML heading the page gives none.
  public var id: String?
  /// The first byte of the heading.
  public var offset: Int
  /// The heading's first line.
  public var headingRange: TextRange
  /// The heading and everything up to the next heading at its level or
  /// above.
  public var sectionRange: TextRange
  /// The index of the nearest heading above it at a shallower level.
  public var parent: Int?
  /// The section's reading time, sub-sections included (`4 min`); nil
  /// when there is nothing to read.
  public var detail: String?
}
