#if canImport(Glibc)
  import Glibc
#endif

/// Somewhere output goes: standard output, standard error, or a buffer in
/// a test.
public protocol OutputSink: AnyObject {
  /// Writes `text`; throws `ClosedPipeError` once the reader has gone away, and
  /// `OutputError` when the system will not take it.
  func write(_ text: String) throws
  /// Writes `bytes` exactly as they are (a document passed through, which
  /// need not be UTF-8).
  func write(bytes: [UInt8]) throws
  /// Writes out anything buffered.
  func flush() throws
}

extension OutputSink {
  /// Bytes as text, where the sink keeps text (invalid UTF-8 becomes
  /// U+FFFD).
  public func write(bytes: [UInt8]) throws {
    try write(String(decoding: bytes, as: UTF8.self))
  }
}
