/// A link as a document writes it: a Markdown link or image (inline,
/// reference-style, autolink), or an HTML `<a href>` or `<img src>`.
///
/// Found by the same walk that finds the headings (one parse a document),
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

    /// True for an image, whose fragment names no place in a document.
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
  /// A reference-style link's label as written, for telling which
  /// definition it uses when a document is parsed in pieces.
  var label: [UInt8]? = nil

  /// A link from its parts.
  public init(destination: String, kind: Kind, offset: Int, line: Int = 0, column: Int = 0) {
    self.destination = destination
    self.kind = kind
    self.offset = offset
    self.line = line
    self.column = column
  }
}
