/// A heading outside the levels shown: no section of its own (its text is
/// read in its parent's), but still there to be named, so `jump` can say
/// how to show it and `show` can print it.
public struct FoldedHeading: Sendable, Equatable {
  /// The heading level, 1–6.
  public var level: Int
  /// The heading's plain text.
  public var title: String
  /// Its anchor, as a section's would be.
  public var id: String?
  /// The 1-based line where the heading starts.
  public var line: Int
  /// Where it starts, as a section's `offset`: `isle show` prints it.
  public var offset: Int

  /// A folded heading from its parts.
  public init(level: Int, title: String, id: String?, line: Int, offset: Int) {
    self.level = level
    self.title = title
    self.id = id
    self.line = line
    self.offset = offset
  }
}
