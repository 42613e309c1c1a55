import JSON
import JSONRPC
import Links
import Outline
import Parallel
import Workspace

/// `isle lsp`: the Language Server Protocol 3.17 over JSON-RPC.
///
/// Messages are handled one at a time, in order, by `receive`, each by
/// the handler its method's registration names (`methods`); `run` reads
/// them from a stream on a thread of its own, so that a `$/cancelRequest`
/// is seen while a long request runs, answers the requests registered
/// aside on another, and publishes diagnostics once no message is
/// waiting (`JSONRPC`'s `ServerLoop`, in the Content-Length framing).
/// Replies and notifications go to `send` as JSON text (the caller
/// frames them).
public final class LanguageServer: Sendable {
  let host: WorkspaceHost
  let index: WorkspaceIndex
  let state = Lock(ServerState())
  /// Held while diagnostics are published or cleared, so that those of a
  /// version are never sent after the ones that replace them.
  let publishing = Lock(())
  /// Held while an open document is outlined whole with its links.
  let findingLinks = Lock(())
  /// `shutdown` answered within a second, whatever runs.
  let shutdownWatch: ShutdownWatch
  /// The loop the server runs on a stream: its framing, its
  /// cancellations, and `outgoing`, where every message the server writes
  /// goes.
  let loop: ServerLoop
  var outgoing: Outgoing { loop.outgoing }
  let version: String
  /// About how many bytes a piece of an open document's `LiveOutline`
  /// holds.
  let pieceSize: Int
  /// What went wrong before the server started and did not stop it (a
  /// bad value in the config file, its default taken instead): logged as
  /// errors once the client is initialized.
  let problems: [String]

  /// A server on `host`, writing to `send`; `version` is told to the
  /// client, and `problems` logged to it as errors once it is initialized.
  /// `pieceSize` is `LiveOutline`'s (tests cut small documents).
  public init(
    host: WorkspaceHost, version: String, problems: [String] = [],
    pieceSize: Int = LiveOutline.pieceSize, send: @escaping @Sendable (String) -> Void
  ) {
    self.host = host
    self.version = version
    self.problems = problems
    self.pieceSize = pieceSize
    let index = WorkspaceIndex(host: host, version: version)
    self.index = index
    // A request cancelled, or `shutdown` answered early, may be waiting
    // for the index: woken to see so.
    loop = ServerLoop(
      framing: .contentLength, cancelledBy: .languageServer,
      outgoing: Outgoing { send(String(decoding: $0, as: UTF8.self)) }, answering: "isle.messages",
      onCancel: { index.wake() })
    self.shutdownWatch = ShutdownWatch(onEarlyAnswer: { index.wake() })
  }

  /// Handles one message body; returns the exit status once `exit` came
  /// (0 after `shutdown`, 1 without), else nil. Every request is answered
  /// before this returns.
  public func receive(_ body: [UInt8]) -> Int32? {
    receive(body, aside: nil)
  }

  /// `receive`, with the requests the method table answers aside handed
  /// to `aside` when there is one.
  func receive(_ body: [UInt8], aside: Worker?) -> Int32? {
    let message: Message
    do {
      message = try Message.parse(body)
    } catch {
      reply(to: .null, error: error)
      return nil
    }
    switch message {
    case .response:
      return nil
    case .notification(let method, let params):
      if method == "exit" {
        // What was asked before is answered before the server ends.
        aside?.drain()
        return state.withLock { $0.phase == .shutDown ? 0 : 1 }
      }
      do {
        try notice(method, params)
      } catch {
        log("\(method): \(error.message)", .warning)
      }
      return nil
    case .request(let id, let method, let params):
      let thread = Self.methods.requests[method]?.rule.thread ?? .messages
      guard let aside, thread != .messages, state.withLock({ $0.phase == .running }) else {
        respond(id, method, params)
        return nil
      }
      guard thread == .aside else {
        aside.async { [self] in respond(id, method, params) }
        return nil
      }
      let path = try? DocumentParams(params).path
      // The documents as they are when it comes: what it is answered from.
      let (open, version) = state.withLock { state in
        (state.open, path.flatMap { state.open[$0]?.version })
      }
      aside.async { [self] in
        respond(id, method, params, cameRunning: true, open: open) {
          guard let path else { return true }
          return state.withLock { $0.open[path]?.version } == version
        }
      }
      return nil
    }
  }

  /// Answers request `id` from the documents `open` (those open now when
  /// nil: see `RequestSnapshot`); `ContentModified` instead of the result
  /// when `unchanged` says the document has changed since it came.
  private func respond(
    _ id: JSONValue, _ method: String, _ params: JSONValue, cameRunning: Bool = false,
    open: [String: OpenDocument]? = nil, unchanged: () -> Bool = { true }
  ) {
    defer { _ = loop.cancellations.take(id) }
    // Answered already by the watch: not twice.
    if method == "shutdown" && !shutdownWatch.claim() { return }
    // Changed already: its answer would be dropped.
    guard unchanged() else { return reply(to: id, error: .contentModified) }
    let snapshot = RequestSnapshot(open: open ?? state.withLock { $0.open })
    let answered = RequestSnapshot.$current.withValue(snapshot) {
      () -> Result<any JSONWritable, ResponseError> in
      do throws(ResponseError) {
        let request = Request(id: id, server: self)
        try request.checkCancelled()
        return .success(try answer(method, params, request, cameRunning: cameRunning))
      } catch {
        return .failure(error)
      }
    }
    switch answered {
    case .success(let result) where unchanged(): reply(to: id, result: result)
    case .success: reply(to: id, error: .contentModified)
    case .failure(let error): reply(to: id, error: error)
    }
  }

  /// Marks request `id` cancelled: it ends with `RequestCancelled` when
  /// it next looks (woken, when it waits for the index).
  public func cancel(_ id: JSONValue) {
    loop.cancellations.mark(id)
  }

  /// True once the client cancelled request `id`, or `shutdown` was
  /// answered before the work in flight was done.
  func isCancelled(_ id: JSONValue) -> Bool {
    loop.cancellations.contains(id) || shutdownWatch.answeredEarly
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
    index.waitUntilReady(unless: cancelled)
  }

  /// Waits until the background index is built (for tests and scripts).
  public func waitForIndex() {
    _ = waitForIndex(unless: { false })
  }

  // MARK: Writing

  func reply(to id: JSONValue, result: some JSONWritable) {
    outgoing.reply(to: id, result: result)
  }

  func reply(to id: JSONValue, error: ResponseError) {
    outgoing.reply(to: id, error: error)
  }

  func notify(_ method: String, _ params: some JSONWritable) {
    outgoing.notify(method, params)
  }

  /// How grave a line of the client's log is (`MessageType`).
  enum LogLevel: Int {
    /// Something went wrong: the server stops, or took a default instead.
    case error = 1
    /// A message the server could not act on, and went on without.
    case warning = 2
  }

  /// A line in the client's log (`window/logMessage`).
  func log(_ text: String, _ level: LogLevel) {
    notify("window/logMessage", LogMessage(type: level.rawValue, message: "isle: " + text))
  }
}

/// `window/logMessage`'s parameters.
struct LogMessage: JSONWritable {
  var type: Int
  var message: String

  func write(to writer: inout JSONWriter) {
    writer.open()
    writer.add("message", message)
    writer.add("type", type)
    writer.close()
  }
}
