/// A link as a document writes it: a Markdown link or image (inline,
/// reference-style, autolink), or an HTML `<a href>` or `<img src>`.
///
/// Found by the same visit that finds the headings (one parse a document),
/// when `OutlineOptions.findsLinks` asks for it.
public struct FoundLink: Sendable, Equatable {
  /// How the link is written.
  public enum Kind: String, Sendable {
    /// `[text](destination)`, or an autolink.
    case link
    /// `![alt](source)`.
    case image
    /// `[text][label]`, `[text][]` or `[label]`: the destination is the
    /// definition's, so many uses share one.
    case reference
    /// `<a href>`, in an HTML document or raw HTML in Markdown.
    case html
    /// `<img src>`, in an HTML document or raw HTML in Markdown.
    case htmlImage
    /// `[label]: destination`: a reference definition, which the
    /// reference-style links with its label use.
    case definition

    /// True for an image, whose fragment names no target in a document.
    public var isImage: Bool { self == .image || self == .htmlImage }
  }

  /// The destination as cmark or the HTML parser gives it (entities and
  /// backslash escapes resolved, `%XX` escapes kept).
  public var destination: String
  /// How it is written.
  public var kind: Kind
  /// The first byte of the link as written (`[`, `!` or `<`).
  public var offset: Int
  /// The 1-based line and byte column of `offset`; set when the document
  /// is assembled.
  public var line = 0
  public var column = 0
  /// A reference-style link's label as written (a definition's own), for
  /// telling which definition it uses.
  public package(set) var label: [UInt8]? = nil
  /// Where the label is written, between its brackets: a definition's,
  /// a reference's (its text for `[label][]` and `[label]`); nil for other
  /// links, or where it is not known.
  public var labelRange: Range<Int>? = nil
  /// The destination's bytes as written (inside `<…>` when written so):
  /// an inline link's own, a reference's definition's; nil where it is not
  /// known (an autolink, raw HTML, a reference with no definition found).
  public var destinationRange: Range<Int>? = nil

  /// The key the label is matched by, for a reference and a definition.
  public var labelKey: String? { label.map { LabelKey.of($0) } }

  /// A link from its parts.
  public init(destination: String, kind: Kind, offset: Int, line: Int = 0, column: Int = 0) {
    self.destination = destination
    self.kind = kind
    self.offset = offset
    self.line = line
    self.column = column
  }
}
