#if canImport(Glibc)
  import Glibc
#endif

/// Standard input read as it comes, for the servers (`lsp`, `mcp`): a
/// stream of messages, not a document to load.
enum StandardInput {
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
}
