import JSON
import JSONRPC
import Workspace

/// The language server's `MethodTable` (`JSONRPC`'s, as `isle mcp`'s is):
/// each request's rule is the thread it is answered on and the phase it
/// is answered in.
typealias Methods = MethodTable<LanguageServer, Request, MethodRule>

/// Where and when a request is answered.
struct MethodRule: Sendable {
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
    /// On the aside thread after the requests that came before it
    /// (`shutdown`, which sets the phase as it is read, so that every
    /// request after it is refused).
    case afterAside
  }

  /// The phase the request is answered in: `.starting` for `initialize`
  /// alone, `.running` for every other.
  let phase: ServerState.Phase
  let thread: AnswerThread
}

extension MethodTable where Server == LanguageServer, Call == Request, Rule == MethodRule {
  /// Registers request `method`, answered on `thread` in `phase`, its
  /// parameters read as `Params` (an `InvalidParams` error when they do
  /// not read) and handed to `handler`.
  mutating func request<Params: MethodParams>(
    _ method: String, _ type: Params.Type, on thread: MethodRule.AnswerThread,
    phase: ServerState.Phase = .running,
    _ handler:
      @escaping @Sendable (LanguageServer, Params, Request) throws(ResponseError)
      -> any JSONWritable
  ) {
    request(method, type, MethodRule(phase: phase, thread: thread), handler)
  }
}
