/// JSON text that does not read: where and why.
public struct JSONParseError: Error, Equatable, Sendable {
  /// The byte offset where reading stopped.
  public var offset: Int
  /// What was wrong there.
  public var problem: String
}
