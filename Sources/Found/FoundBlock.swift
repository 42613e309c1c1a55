/// A block an editor folds: a fenced code block or a list, by its lines.
/// Found with the links (`OutlineOptions.findsLinks`), in Markdown only.
public struct FoundBlock: Sendable, Equatable {
  /// What the block is.
  public enum Kind: String, Sendable {
    case code
    case list
  }

  public var kind: Kind
  /// The 1-based lines of its first and its last line.
  public var line: Int
  public var endLine: Int

  /// A block from its parts.
  public init(kind: Kind, line: Int, endLine: Int) {
    self.kind = kind
    self.line = line
    self.endLine = endLine
  }
}
