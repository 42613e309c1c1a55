/// What `isle show --format json` is asked of its records for retrieval:
/// a token limit, small sections joined, overlap between parts, the
/// heading path in what is embedded.
public struct ChunkOptions: Sendable {
  /// `--max-tokens`: no record's embed longer than this.
  public var maxTokens: Int? = nil
  /// `--min-tokens`: a section of fewer tokens is joined to its next sibling.
  public var minTokens: Int? = nil
  /// `--overlap`: tokens of a part carried into the next part's embed.
  public var overlap = 0
  /// `--context`: the headings above a record put before its embed.
  public var context = false

  public init() {}
}
