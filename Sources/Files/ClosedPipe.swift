/// The reader of a pipe went away (EPIPE): stop writing, quietly, with 0,
/// as a filter does when `head` has what it wanted.
public struct ClosedPipe: IsleError {
  public var message: String? { nil }
  public var status: ExitStatus { .success }
}
