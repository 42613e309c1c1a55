/// A stream whose headers are not the protocol's: nothing after it can be
/// read as messages.
public struct FramingError: Error, Equatable, Sendable {
  /// What was wrong.
  public var problem: String
}
