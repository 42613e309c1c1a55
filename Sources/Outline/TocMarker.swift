/// A `<!-- toc -->` or `<!-- tocstop -->` comment standing as an HTML block
/// of its own in Markdown: where `toc --write` puts the contents list. One
/// inside a code block is text, not a marker.
public struct TocMarker: Equatable, Sendable {
  /// Which marker: the list's start or its end, by the comment's text.
  public enum Kind: String, Sendable {
    case start = "<!-- toc -->"
    case stop = "<!-- tocstop -->"
  }

  /// Start or end.
  public var kind: Kind
  /// The first byte of the marker's line.
  public var offset: Int
  /// The first byte after the marker's block (its line ending included).
  public var endOffset: Int
}
