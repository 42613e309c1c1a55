import JSON
import Parallel

/// The workspace's indexing shown in the editor (work done progress, as
/// the protocol has a server start it: `window/workDoneProgress/create`,
/// then `$/progress` with `begin`, `report`s and `end` under its token),
/// for a client that says it shows one (`window.workDoneProgress`). Its
/// two stages make one bar: the symbols of every document first (the
/// first half), then their links (the second).
///
/// The server does not wait for the client's reply to the create
/// request: the notifications follow it at once, in order, as most
/// servers send them; a client that refused the token ignores them.
public final class IndexProgress: Sendable {
  /// What the index is doing.
  public enum Stage: Sendable {
    case symbols
    case links
  }

  public let token: String
  private let send: @Sendable (String) -> Void
  /// The last percentage told; nil before `begin`.
  private let told = Lock<Int?>(nil)

  /// A progress under `token`, sent with `send` (JSON text).
  public init(token: String, send: @escaping @Sendable (String) -> Void) {
    self.token = token
    self.send = send
  }

  /// Asks the client for the progress and begins it, for `documents`.
  public func begin(documents: Int) {
    told.withLock { $0 = 0 }
    send(
      JSONValue.object([
        "jsonrpc": .string("2.0"), "id": .string("isle-progress-" + token),
        "method": .string("window/workDoneProgress/create"),
        "params": .object(["token": .string(token)]),
      ]).text)
    notify([
      "kind": .string("begin"), "title": .string("Indexing"), "cancellable": .bool(false),
      "message": .string("\(documents) documents"), "percentage": .int(0),
    ])
  }

  /// `done` of `total` documents through `stage`: reported when the
  /// percentage moves (at most a hundred reports, however many documents).
  public func step(_ stage: Stage, done: Int, of total: Int) {
    let half = stage == .symbols ? 0 : 50
    let percentage = half + (total == 0 ? 50 : done * 50 / total)
    let moved = told.withLock { told in
      guard let last = told, percentage > last else { return false }
      told = percentage
      return true
    }
    guard moved else { return }
    let what = stage == .symbols ? "symbols" : "links"
    notify([
      "kind": .string("report"), "message": .string("\(what): \(done) of \(total) documents"),
      "percentage": .int(percentage),
    ])
  }

  /// Ends the progress, `documents` indexed.
  public func end(documents: Int) {
    let begun = told.withLock { told in
      defer { told = nil }
      return told != nil
    }
    guard begun else { return }
    notify(["kind": .string("end"), "message": .string("\(documents) documents indexed")])
  }

  private func notify(_ value: [String: JSONValue]) {
    send(
      JSONValue.object([
        "jsonrpc": .string("2.0"), "method": .string("$/progress"),
        "params": .object(["token": .string(token), "value": .object(value)]),
      ]).text)
  }
}
