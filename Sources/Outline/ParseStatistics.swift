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
