import JSON
import JSONRPC
import Workspace

/// A request being answered: its id, and a way for long work to stop when
/// the client cancels it.
struct Request: Sendable {
  let id: JSONValue
  let server: LanguageServer

  /// Throws `RequestCancelled` once the client has cancelled the request.
  func checkCancelled() throws(ResponseError) {
    if server.isCancelled(id) { throw .requestCancelled }
  }

  /// True once the client has cancelled the request.
  var isCancelled: Bool { server.isCancelled(id) }
}
