/// How a run of text is set: weight, slant, marks and colour roles. The
/// page only names them; the pager turns them into a terminal's escapes.
public struct Style: OptionSet, Hashable, Sendable {
  public let rawValue: UInt16
  /// A style from its bits.
  public init(rawValue: UInt16) { self.rawValue = rawValue }

  public static let bold = Style(rawValue: 1 << 0)
  public static let italic = Style(rawValue: 1 << 1)
  public static let underline = Style(rawValue: 1 << 2)
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
