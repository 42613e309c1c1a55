#if canImport(Glibc)
  import Glibc
#endif

/// A buffered writer on a file descriptor. Text is written as a person
/// reads it: a file name's byte that is not UTF-8 as U+FFFD, as ripgrep
/// shows such names (see `PathBytes`); bytes are written as they are.
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
    let text = PathBytes.shown(text)
    guard buffer.count + text.utf8.count >= limit else {
      buffer.append(contentsOf: text.utf8)
      return
    }
    // A long text (a large document's JSON) goes out from its own bytes,
    // not copied into the buffer first.
    try flush()
    var bytes = text
    try bytes.withUTF8 { try send(UnsafeRawBufferPointer($0)) }
  }

  public func write(bytes: [UInt8]) throws {
    try flush()
    try bytes.withUnsafeBytes { try send($0) }
  }

  public func flush() throws {
    // Sent or not, what was buffered is gone: after an error the output
    // is lost, and the error says so.
    defer { buffer.removeAll(keepingCapacity: true) }
    try buffer.withUnsafeBytes { try send($0) }
  }

  private func send(_ bytes: UnsafeRawBufferPointer) throws {
    var sent = 0
    while sent < bytes.count {
      let result = Glibc.write(descriptor, bytes.baseAddress! + sent, bytes.count - sent)
      if result < 0 {
        if errno == EINTR { continue }
        if errno == EPIPE { throw ClosedPipeError() }
        // Anything else (a full disk, an I/O error, a closed descriptor) is
        // an error: the output is lost, and saying nothing would hide it.
        throw OutputError(stream: name, code: errno)
      }
      sent += result
    }
  }
}
