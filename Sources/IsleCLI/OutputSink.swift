#if canImport(Glibc)
  import Glibc
#endif

/// Somewhere output goes: standard output, standard error, or a buffer in
/// a test.
public protocol OutputSink: AnyObject {
  /// Writes `text`; throws `ClosedPipe` once the reader has gone away, and
  /// `OutputFailure` when the system will not take it.
  func write(_ text: String) throws
  /// Writes out anything buffered.
  func flush() throws
}
