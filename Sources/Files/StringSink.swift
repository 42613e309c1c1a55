#if canImport(Glibc)
  import Glibc
#endif

/// A sink that keeps what is written, for tests and for building output
/// before any of it is sent.
public final class StringSink: OutputSink {
  /// Everything written so far.
  public private(set) var text = ""

  /// An empty sink.
  public init() {}

  public func write(_ text: String) throws { self.text += text }
  public func flush() throws {}
}
