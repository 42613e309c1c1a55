import HTMLOutline
import Outline

/// What a page is made of and how it is drawn: the document's format (as
/// the outline decides it), the width, the marks, the part of an HTML page
/// shown, and how large a piece laid out at a time is.
public struct PageOptions: Sendable {
  /// The document's path, whose extension names its format; nil for one
  /// read from standard input.
  public var path: String? = nil
  /// The format given (`--format`); nil for the path's, else the first
  /// bytes'.
  public var format: DocumentFormat? = nil
  /// The source as it is (`--plain`), whatever the format.
  public var plain = false
  /// The width lines are laid out for, in cells.
  public var width = 80
  /// False when front matter is not drawn at all.
  public var frontMatter = true
  public var glyphs: PageGlyphs = .unicode
  /// The part of an HTML page drawn (`--within`), as the outline reads it.
  public var scope: HTMLScope = .whole
  /// How deep HTML may nest (`--max-nesting`): a page nested deeper is
  /// refused, as the outline refuses it.
  public var maxDepth = OutlineOptions().maxDepth
  /// The widest GFM table laid out (`--max-columns`): a wider one is
  /// refused, as the outline refuses it.
  public var maxColumns = OutlineOptions.defaultMaxColumns
  /// About how many bytes a piece of a large document holds.
  public var pieceSize = Page.pieceSize

  /// The defaults: Markdown or HTML as the path or the bytes say, 80 cells.
  public init() {}

  /// Options that draw a page as `format`, whatever its path or its bytes
  /// say, `width` cells wide, cut about every `pieceSize` bytes.
  public init(drawing format: PageFormat, width: Int = 80, pieceSize: Int = Page.pieceSize) {
    self.format = format == .html ? .html : .markdown
    plain = format == .plain
    self.width = width
    self.pieceSize = pieceSize
  }
}
