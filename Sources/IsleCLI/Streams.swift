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

/// A buffered writer on a file descriptor.
public final class FileSink: OutputSink {
  private let descriptor: Int32
  private let name: String
  private var buffer: [UInt8] = []
  private let limit = 64 * 1024

  /// A writer on `descriptor` (1 for standard output, 2 for standard error).
  public init(descriptor: Int32) {
    self.descriptor = descriptor
    self.name = descriptor == 2 ? "standard error" : "standard output"
    buffer.reserveCapacity(limit)
  }

  public func write(_ text: String) throws {
    buffer.append(contentsOf: text.utf8)
    if buffer.count >= limit { try flush() }
  }

  public func flush() throws {
    var sent = 0
    defer { buffer.removeFirst(min(sent, buffer.count)) }
    while sent < buffer.count {
      let result = buffer.withUnsafeBytes {
        Glibc.write(descriptor, $0.baseAddress! + sent, $0.count - sent)
      }
      if result < 0 {
        if errno == EINTR { continue }
        if errno == EPIPE {
          buffer.removeAll()
          sent = 0
          throw ClosedPipe()
        }
        // Anything else (a full disk, an I/O error, a closed descriptor) is
        // an error: the output is lost, and saying nothing would hide it.
        let code = errno
        buffer.removeAll()
        sent = 0
        throw OutputFailure(stream: name, code: code)
      }
      sent += result
    }
  }
}

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
