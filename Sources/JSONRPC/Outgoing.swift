import JSON
import Parallel

/// What a server writes: its replies, its notifications and its own
/// requests, each message written by the one JSON writer (its members in
/// the order of their names, as before) and handed whole to `send`, one
/// message at a time whichever thread writes it.
public final class Outgoing: Sendable {
  private let send: @Sendable ([UInt8]) -> Void
  private let writing = Lock(())

  /// Messages handed to `send`, one message's JSON (unframed) each time.
  public init(send: @escaping @Sendable ([UInt8]) -> Void) {
    self.send = send
  }

  /// The reply to request `id`.
  public func reply(to id: JSONValue, result: some JSONWritable) {
    write { writer in
      writer.add("id", id)
      writer.add("jsonrpc", "2.0")
      writer.add("result", result)
    }
  }

  /// The error request `id` ends with (`null` when its id could not be
  /// read).
  public func reply(to id: JSONValue, error: ResponseError) {
    write { writer in
      writer.add("error", error)
      writer.add("id", id)
      writer.add("jsonrpc", "2.0")
    }
  }

  /// Notification `method` with `params`.
  public func notify(_ method: String, _ params: some JSONWritable) {
    write { writer in
      writer.add("jsonrpc", "2.0")
      writer.add("method", method)
      writer.add("params", params)
    }
  }

  /// The server's own request `id`, `method`, with `params` when there
  /// are any.
  public func request(_ id: JSONValue, _ method: String, params: JSONValue? = nil) {
    write { writer in
      writer.add("id", id)
      writer.add("jsonrpc", "2.0")
      writer.add("method", method)
      if let params { writer.add("params", params) }
    }
  }

  /// A message written already, as JSON text (the workspace index's
  /// progress), handed on as the others are.
  public func forward(_ text: String) {
    let bytes = Array(text.utf8)
    writing.withLock { _ in send(bytes) }
  }

  private func write(_ members: (inout JSONWriter) -> Void) {
    var writer = JSONWriter()
    writer.open()
    members(&writer)
    writer.close()
    let bytes = writer.bytes
    writing.withLock { _ in send(bytes) }
  }
}
