/// A document outlined, with what was asked for beside it: its links when
/// `OutlineOptions.findsLinks` asked, and how it was parsed.
public struct Outlined: Sendable {
  /// The outline.
  public var document: Document
  /// Its links, anchors and blocks; nil unless `findsLinks` asked.
  public var links: DocumentLinks?
  /// A Markdown document's top-level blocks; nil unless `findsBlocks`
  /// asked.
  public var blocks: MarkdownBlocks?
  /// How it was parsed.
  public var statistics = ParseStatistics()

  /// An outline with its links, if found.
  public init(document: Document, links: DocumentLinks? = nil) {
    self.document = document
    self.links = links
  }
}

/// How a document was parsed: in how many pieces side by side, how many of
/// them again, and why a Markdown document that could be cut was parsed
/// whole. What `isle toc --stats` says of a slow file; no outline needs it.
public struct ParseStatistics: Sendable, Equatable {
  /// How many pieces a Markdown document was parsed in, side by side
  /// (1: whole, as every small document and every HTML page is).
  public var pieces = 1
  /// How many of those pieces were parsed again to read what one parse of
  /// the whole reads (a definition or footnote elsewhere).
  public var piecesParsedAgain = 0
  /// Why a Markdown document that could be cut was parsed whole, if it was.
  public var parsedWholeBecause: String? = nil

  /// A parse of the whole in one piece.
  public init() {}
}
