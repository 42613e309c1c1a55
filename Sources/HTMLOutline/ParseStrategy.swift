/// How a document is read: the fast way, or the whole parse it models.
///
/// isle's fast paths read a document without a full parse where they are
/// sure to find what the whole parse finds: an HTML page's tags read as
/// gumbo would build its tree (`HTMLFastPath`), a large Markdown document
/// in pieces side by side (`MarkdownPieces`), a Markdown document's
/// headings from its lines (`HeadingScan`, for a server's index). Each
/// declines where it is not sure, and the whole parse answers. This is the
/// one choice between them (`--no-split` asks for the whole), and each fast
/// way is held to the whole on the documents in `Tests/TestFiles/parity/`
/// (`ParityTests`).
public enum ParseStrategy: Sendable, Equatable {
  /// The fast path where it is sure, the whole parse where it declines.
  case fast
  /// The whole parse alone.
  case whole

  /// An HTML page read into findings: the fast path first, unless told to
  /// parse whole; gumbo's whole parse where it declines.
  package func html(
    _ bytes: Span<UInt8>, mapOffset: ((Int) -> Int)?, scope: HTMLScope,
    findsLinks: Bool
  ) -> HTMLFindings {
    let fast =
      self == .fast
      ? HTMLFastPath.parse(bytes, mapOffset: mapOffset, scope: scope, findsLinks: findsLinks)
      : nil
    return fast
      ?? HTMLParser.parse(bytes, mapOffset: mapOffset, scope: scope, findsLinks: findsLinks)
  }
}
