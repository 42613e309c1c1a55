/// A stretch of text set one way, and where it came from in the source.
public struct Run: Equatable, Sendable {
  /// The text, made safe for a terminal (no control characters).
  public var text: String
  /// How it is set.
  public var style: Style
  /// The link it belongs to (shown as an OSC 8 hyperlink), if any.
  public var link: String?
  /// The source byte of its first character, when it stands in the
  /// source as written; nil for what the layout adds (markers, frames).
  public var offset: Int?

  /// A run from its parts.
  public init(_ text: String, style: Style = [], link: String? = nil, offset: Int? = nil) {
    self.text = text
    self.style = style
    self.link = link
    self.offset = offset
  }
}
