import Progress

/// A record for retrieval: a section, or a part of one, with the text to
/// embed and what keeps it across runs.
public struct Chunk: Sendable {
  /// The section it is of, with its part and bytes (the part's, in a
  /// Markdown document; an HTML page's parts keep the section's).
  public var excerpt: Excerpt
  /// Its bytes in the section's text.
  public var text: Range<Int>
  /// What to embed: the heading path with `--context`, the overlap, a cut
  /// fence or table header, and the text; UTF-8.
  public var embed: [UInt8]
  /// The tokens of `embed`.
  public var tokens: Int
  /// The document's path and the ids from the top down to its section,
  /// with `@N` for a part after the first (see `ChunkKey`).
  public var key: String
  /// A hash of `embed` (see `ContentHash`).
  public var hash: String
}
