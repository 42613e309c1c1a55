/// How a run of text is set: weight, slant, marks and colour roles. The
/// page only names them; the pager turns them into a terminal's escapes.
public struct Style: OptionSet, Hashable, Sendable {
  /// The style's bits.
  public let rawValue: UInt16
  /// A style from its bits.
  public init(rawValue: UInt16) { self.rawValue = rawValue }

  /// Heavier text: strong emphasis, headings.
  public static let bold = Style(rawValue: 1 << 0)
  /// Slanted text: emphasis.
  public static let italic = Style(rawValue: 1 << 1)
  /// Underlined text: links.
  public static let underline = Style(rawValue: 1 << 2)
  /// Struck-through text.
  public static let strike = Style(rawValue: 1 << 3)
  /// Inline code and code blocks.
  public static let code = Style(rawValue: 1 << 4)
  /// Less important: frames, markers, image stand-ins.
  public static let faint = Style(rawValue: 1 << 5)
  /// In the accent colour: the top heading levels.
  public static let accent = Style(rawValue: 1 << 6)
  /// A heading's text, in the heading colour.
  public static let heading = Style(rawValue: 1 << 7)
}
