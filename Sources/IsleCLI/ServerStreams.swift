#if canImport(Glibc)
  import Glibc
#endif

/// Standard input and output as the servers (`lsp`, `mcp`) use them: a
/// stream of messages read as it comes, not a document to load, and each
/// message written whole at once, unbuffered, so that it reaches the client
/// as soon as it is answered.
enum ServerStreams {
  /// The next bytes, at most 64 KiB, as soon as any come; none at the end
  /// of the stream or on an error.
  static func next() -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = bytes.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      bytes.removeLast(bytes.count - max(count, 0))
      return bytes
    }
  }

  /// Writes all of `bytes` to standard output; a client gone is the end
  /// of its input's business, not an error here.
  static func send(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = write(1, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 && errno == EINTR { continue }
        guard written > 0 else { return }
        offset += written
      }
    }
  }
}
