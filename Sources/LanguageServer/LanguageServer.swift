import Dispatch
import Links
import Outline
import Parallel

/// `isle lsp`: the Language Server Protocol 3.17 over JSON-RPC.
///
/// Messages are handled one at a time, in order, by `receive`; `run`
/// reads them from a stream on a thread of its own, so that a
/// `$/cancelRequest` is seen while a long request runs, and publishes
/// diagnostics once no message is waiting. Replies and notifications go
/// to `send` as JSON text (the caller frames them).
public final class LanguageServer: Sendable {
  let host: WorkspaceHost
  let index: WorkspaceIndex
  let state = Lock(ServerState())
  private let cancelled = Lock<Set<String>>([])
  let send: @Sendable (String) -> Void
  let version: String

  /// A server on `host`, writing to `send`; `version` is told to the client.
  public init(host: WorkspaceHost, version: String, send: @escaping @Sendable (String) -> Void) {
    self.host = host
    self.version = version
    self.send = send
    self.index = WorkspaceIndex(host: host)
  }

  /// Handles one message body; returns the exit status once `exit` came
  /// (0 after `shutdown`, 1 without), else nil.
  public func receive(_ body: [UInt8]) -> Int32? {
    let message: Message
    do {
      message = try Message.read(body)
    } catch {
      reply(to: .null, error: error)
      return nil
    }
    switch message {
    case .response:
      return nil
    case .notification(let method, let params):
      if method == "exit" { return state.withLock { $0.phase == .shutDown ? 0 : 1 } }
      do {
        try notice(method, params)
      } catch {
        log("\(method): \(error.message)")
      }
      return nil
    case .request(let id, let method, let params):
      let key = id.text
      defer { _ = cancelled.withLock { $0.remove(key) } }
      do {
        let request = Request(id: id, server: self)
        try request.checkCancelled()
        reply(to: id, result: try answer(method, params, request))
      } catch {
        reply(to: id, error: error)
      }
      return nil
    }
  }

  /// Marks request `id` cancelled: it ends with `RequestCancelled` when
  /// it next looks.
  public func cancel(_ id: JSONValue) {
    _ = cancelled.withLock { $0.insert(id.text) }
  }

  func isCancelled(_ id: JSONValue) -> Bool {
    cancelled.withLock { $0.contains(id.text) }
  }

  /// Publishes the diagnostics that are due: called when no message waits.
  public func settle() {
    let due = state.withLock { state in
      defer { state.diagnosticsDue = [] }
      return state.diagnosticsDue
    }
    for path in due.sorted() { publishDiagnostics(path) }
  }

  /// Waits until the workspace's documents are indexed, or `cancelled`
  /// says to stop; true when they are.
  func waitForIndex(unless cancelled: () -> Bool = { false }) -> Bool {
    while !index.isReady {
      if cancelled() { return false }
      pause(milliseconds: 5)
    }
    return true
  }

  /// Waits until the background index is built (for tests and scripts).
  public func waitForIndex() {
    _ = waitForIndex(unless: { false })
  }

  /// Waits a moment: a semaphore no one signals, waited on until a deadline.
  private func pause(milliseconds: Int) {
    _ = DispatchSemaphore(value: 0).wait(timeout: .now() + .milliseconds(milliseconds))
  }

  // MARK: Writing

  func reply(to id: JSONValue, result: JSONValue) {
    send(JSONValue.object(["jsonrpc": .string("2.0"), "id": id, "result": result]).text)
  }

  func reply(to id: JSONValue, error: ResponseError) {
    send(JSONValue.object(["jsonrpc": .string("2.0"), "id": id, "error": error.json]).text)
  }

  func notify(_ method: String, _ params: JSONValue) {
    send(
      JSONValue.object(["jsonrpc": .string("2.0"), "method": .string(method), "params": params])
        .text)
  }

  /// A line in the client's log (`window/logMessage`).
  func log(_ text: String) {
    notify("window/logMessage", .object(["type": .int(3), "message": .string("isle: " + text)]))
  }
}
