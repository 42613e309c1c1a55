/// An element of an HTML page as gumbo reads it, in Swift values.
public struct HTMLElement: Sendable, Equatable {
  /// An attribute: its name in lowercase, and its value.
  public struct Attribute: Sendable, Equatable {
    public var name: String
    public var value: String
  }

  /// The tag's name in lowercase, as HTML names it; empty for a tag HTML
  /// does not know.
  public var tag: String
  public var attributes: [Attribute]
  /// Where its start tag and its end tag start, in the bytes parsed (where
  /// gumbo places the end of an element closed without one).
  public var start: Int
  public var end: Int
  /// The index of the step that leaves it, in `HTMLTree.steps`.
  public var leaving: Int

  /// The value of attribute `name` (lowercase), if it has one.
  public func attribute(_ name: String) -> String? {
    attributes.first { $0.name == name }?.value
  }
}
