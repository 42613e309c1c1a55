/// Every word the island shows that does not come from the document, so
/// each can be replaced.
public struct Copy: Sendable, Equatable {
  /// The title of the open contents.
  public var contentsTitle: String
  /// The chevron at the trailing end of the bar.
  public var chevronUp: String
  /// The chevron on the bar under the open contents.
  public var chevronDown: String

  /// The English defaults.
  public init(
    contentsTitle: String = "Contents", chevronUp: String = "⌃", chevronDown: String = "⌄"
  ) {
    self.contentsTitle = contentsTitle
    self.chevronUp = chevronUp
    self.chevronDown = chevronDown
  }
}
