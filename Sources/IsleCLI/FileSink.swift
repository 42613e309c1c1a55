#if canImport(Glibc)
  import Glibc
#endif

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
