/// One entry of a book's table of contents, in the book's order.
public struct Chapter: Sendable, Equatable {
  /// What the entry is: only prefix, numbered and suffix chapters have a
  /// file and count in `chapter k of n`.
  public enum Kind: String, Sendable, Equatable {
    /// Before the numbered chapters (mdBook's prefix chapters).
    case prefix
    /// A numbered chapter, possibly nested.
    case numbered
    /// After the numbered chapters (mdBook's suffix chapters).
    case suffix
    /// A part's title (`# Part` in SUMMARY.md, a MkDocs section, a folder).
    case part
    /// A rule between chapters (`---` in SUMMARY.md).
    case separator
    /// A chapter not yet written: a title without a file (`[Title]()`).
    case draft
  }

  /// What the entry is.
  public var kind: Kind
  /// The title as the table of contents gives it; nil when MkDocs names
  /// only the file (the chapter's own title then stands for it).
  public var title: String?
  /// The file, relative to the book's folder, for a chapter that has one.
  public var path: String?
  /// mdBook's section number (`[1, 2]` is `1.2.`), for numbered chapters.
  public var number: [Int]
  /// How deep it is nested: 0 at the top.
  public var depth: Int
  /// The 1-based line of the table of contents it comes from (0 for a
  /// book read from a folder).
  public var line: Int

  /// Creates an entry from its parts.
  public init(
    kind: Kind, title: String?, path: String? = nil, number: [Int] = [], depth: Int = 0,
    line: Int = 0
  ) {
    self.kind = kind
    self.title = title
    self.path = path
    self.number = number
    self.depth = depth
    self.line = line
  }

  /// True for a chapter with a file: one `chapter k of n` counts.
  public var hasFile: Bool { path != nil }

  /// The section number as mdBook prints it (`1.2.`); empty for none.
  public var numberText: String {
    number.isEmpty ? "" : number.map(String.init).joined(separator: ".") + "."
  }
}
