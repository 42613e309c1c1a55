/// A target a link's fragment can name that is written as HTML: an element's
/// `id`, or an `<a name>`, in an HTML document or raw HTML in Markdown.
/// (A Markdown heading's id is its section's.)
public struct FoundAnchor: Sendable, Equatable {
  /// The `id` or `name`, as written.
  public var id: String
  /// The first byte of the element's start tag.
  public var offset: Int

  /// An anchor from its parts.
  public init(id: String, offset: Int) {
    self.id = id
    self.offset = offset
  }
}
