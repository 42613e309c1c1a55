import Dispatch

/// The server on a stream: one thread reads and frames messages (and
/// marks cancelled requests at once), the caller's thread handles them.
extension LanguageServer {
  /// Reads messages with `read` (which fills the buffer and returns how
  /// many bytes it read, 0 at the end of the stream, less on an error)
  /// until `exit`; returns the exit status: 0 after `shutdown`, 1 when
  /// `exit` came without it, the stream ended, or it broke the framing.
  public func run(read: @escaping @Sendable (UnsafeMutableRawBufferPointer) -> Int) -> Int32 {
    let queue = MessageQueue()
    // Reading blocks: a queue of its own, not one of the shared threads.
    DispatchQueue(label: "isle.reader").async { [self] in
      var framer = MessageFramer()
      let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 1)
      defer { buffer.deallocate() }
      while true {
        let count = read(buffer)
        guard count > 0 else { return queue.put(.end(nil)) }
        framer.append(buffer[0..<count])
        do throws(FramingError) {
          while let body = try framer.next() {
            if let id = Self.cancelledID(body) { cancel(id) } else { queue.put(.body(body)) }
          }
        } catch {
          return queue.put(.end(error))
        }
      }
    }
    while true {
      switch queue.take() {
      case .body(let body):
        if let status = receive(body) { return status }
        if queue.isEmpty { settle() }
      case .end(let error):
        if let error { log("the message stream broke: \(error.problem)") }
        return 1
      }
    }
  }

  /// The id a `$/cancelRequest` body cancels; nil for any other message.
  static func cancelledID(_ body: [UInt8]) -> JSONValue? {
    // A cancellation is a few dozen bytes: a document is not read twice.
    guard body.count < 1024 else { return nil }
    guard case .notification("$/cancelRequest", let params)? = try? Message.read(body) else {
      return nil
    }
    return params["id"]
  }
}
