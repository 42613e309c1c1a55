import JSON
import JSONRPC
import Workspace

/// The methods the server reads, by name: for each, its handler with its
/// parameters read into their type, and for a request the thread it is
/// answered on (rust-analyzer's `RequestDispatcher`). Built once, then
/// only read.
struct MethodTable: Sendable {
  /// Where a request is answered.
  enum AnswerThread: Sendable {
    /// On the thread that handles the messages, before the next one is
    /// handled: what the pieces an edit touched give at once.
    case messages
    /// On a stream (`LanguageServer.run`), on the aside thread, one at a
    /// time in order: what reads a document's links (one parse of the
    /// whole after each edit: a third of a second for 5.8 MB, more with a
    /// check of every link) or waits for the workspace's index, so that
    /// the symbols an editor asks for after it are not held up. Judged by
    /// the phase it came in; a reply found for a version of the document
    /// that has changed meanwhile is `ContentModified`, as the protocol
    /// says, and the editor asks again.
    case aside
    /// On the aside thread after the requests that came before it, judged
    /// in the phase it is answered in (`shutdown`).
    case afterAside
  }

  /// How a request is answered.
  struct Route: Sendable {
    /// The phase the request is answered in: `.starting` for `initialize`
    /// alone, `.running` for every other.
    let phase: ServerState.Phase
    let thread: AnswerThread
    /// The handler, given the parameters as the message has them.
    let answer: @Sendable (LanguageServer, JSONValue, Request) throws(ResponseError) -> JSONValue
  }

  /// How a notification is acted on.
  struct Notice: Sendable {
    let handle: @Sendable (LanguageServer, JSONValue) throws(ResponseError) -> Void
  }

  private(set) var requests: [String: Route] = [:]
  private(set) var notifications: [String: Notice] = [:]

  /// Registers request `method`, its parameters read as `Params` (an
  /// `InvalidParams` error when they do not read) and handed to `handler`.
  mutating func request<Params: MethodParams>(
    _ method: String, _: Params.Type, on thread: AnswerThread,
    phase: ServerState.Phase = .running,
    _ handler:
      @escaping @Sendable (LanguageServer, Params, Request) throws(ResponseError)
      -> JSONValue
  ) {
    requests[method] = Route(phase: phase, thread: thread) {
      server, json, request throws(ResponseError) in
      try handler(server, try Params(json), request)
    }
  }

  /// Registers notification `method`, its parameters read as `Params`.
  mutating func notification<Params: MethodParams>(
    _ method: String, _: Params.Type,
    _ handler: @escaping @Sendable (LanguageServer, Params) throws(ResponseError) -> Void
  ) {
    notifications[method] = Notice { server, json throws(ResponseError) in
      try handler(server, try Params(json))
    }
  }
}
