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
