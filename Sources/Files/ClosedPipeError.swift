/// The reader of a pipe went away (EPIPE): stop writing, quietly, with 0,
/// as a filter does when `head` has what it wanted.
public struct ClosedPipeError: Error {
  /// The end of output to a reader that has gone.
  public init() {}
}
