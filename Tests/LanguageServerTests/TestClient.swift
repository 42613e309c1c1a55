@testable import Workspace
import JSON
import LanguageServer
import Parallel

/// A JSON-RPC client talking to a server in the same process: requests
/// go in as message bodies, replies and notifications are read back.
final class TestClient: Sendable {
  let server: LanguageServer
  private let sent = Lock<[JSONValue]>([])
  private let nextID = Lock(0)

  /// A server on `host`, initialized (with `options`) for the folder `/ws`,
  /// told of `problems` from before it started.
  /// Its open documents are kept in pieces of `pieceSize` bytes (1: a cut
  /// before every heading the cut rules allow), so that every request
  /// meets a document edited piece by piece.
  init(
    _ host: MemoryHost, initialize: Bool = true, options: JSONValue = .object([:]),
    hierarchical: Bool = true, pieceSize: Int = 1, problems: [String] = []
  ) throws {
    let sent = self.sent
    server = LanguageServer(
      host: host, version: "test", problems: problems, pieceSize: pieceSize
    ) { body in
      let value = try! JSONParser.parse(Array(body.utf8))
      sent.withLock { $0.append(value) }
    }
    guard initialize else { return }
    _ = try request(
      "initialize",
      .object([
        "rootUri": .string("file:///ws"), "initializationOptions": options,
        "capabilities": .object([
          "textDocument": .object([
            "documentSymbol": .object(["hierarchicalDocumentSymbolSupport": .bool(hierarchical)])
          ])
        ]),
      ]))
    notify("initialized", .object([:]))
    server.waitForIndex()
  }

  /// What the server said that was no reply: its notifications.
  func notifications(_ method: String) -> [JSONValue] {
    sent.withLock { $0.filter { $0["method"]?.string == method }.map { $0["params"] ?? .null } }
  }

  /// Sends a notification, then lets the server do what waits for a lull.
  func notify(_ method: String, _ params: JSONValue) {
    let status = send(
      .object(["jsonrpc": .string("2.0"), "method": .string(method), "params": params]))
    precondition(status == nil, "the server exited")
    server.settle()
  }

  /// Sends raw text as a body; the exit status if the server exits.
  @discardableResult
  func send(_ message: JSONValue) -> Int32? {
    server.receive(Array(message.text.utf8))
  }

  /// The reply to a request: its result, or its error thrown.
  func request(_ method: String, _ params: JSONValue = .null) throws -> JSONValue {
    let id = nextID.withLock { id in
      id += 1
      return id
    }
    _ = send(
      .object([
        "jsonrpc": .string("2.0"), "id": .int(id), "method": .string(method), "params": params,
      ]))
    return try reply(to: .int(id))
  }

  func reply(to id: JSONValue) throws -> JSONValue {
    guard let reply = sent.withLock({ $0.last { $0["id"] == id && $0["method"] == nil } }) else {
      throw ReplyError(code: 0, message: "no reply to \(id.text)")
    }
    if let error = reply["error"] {
      throw ReplyError(code: error["code"]?.int ?? 0, message: error["message"]?.string ?? "")
    }
    return reply["result"] ?? .null
  }

  /// Opens `path` with `text` in the editor.
  func open(_ path: String, _ text: String, version: Int = 1) {
    notify(
      "textDocument/didOpen",
      .object([
        "textDocument": .object([
          "uri": .string("file://" + path), "languageId": .string("markdown"),
          "version": .int(version), "text": .string(text),
        ])
      ]))
  }

  /// Sends `changes` to `path` as its `version`, as an editor does; with
  /// `settling` false, without the lull that publishes diagnostics.
  func change(_ path: String, version: Int, _ changes: [JSONValue], settling: Bool = true) {
    let params = JSONValue.object([
      "textDocument": .object(["uri": .string("file://" + path), "version": .int(version)]),
      "contentChanges": .array(changes),
    ])
    if settling { return notify("textDocument/didChange", params) }
    let status = send(
      .object([
        "jsonrpc": .string("2.0"), "method": .string("textDocument/didChange"), "params": params,
      ]))
    precondition(status == nil, "the server exited")
  }

  /// One change: `text` in place of the range from `start` to `end`
  /// (lines and UTF-16 characters).
  static func edit(_ start: (Int, Int), _ end: (Int, Int), _ text: String) -> JSONValue {
    .object([
      "range": .object(["start": position(start.0, start.1), "end": position(end.0, end.1)]),
      "text": .string(text),
    ])
  }

  /// `{"textDocument": {"uri": …}}` with `more` members.
  static func document(_ path: String, _ more: [String: JSONValue] = [:]) -> JSONValue {
    var members = more
    members["textDocument"] = .object(["uri": .string("file://" + path)])
    return .object(members)
  }

  static func position(_ line: Int, _ character: Int) -> JSONValue {
    .object(["line": .int(line), "character": .int(character)])
  }

  /// The latest diagnostics published for `path`, as `line:character
  /// code message`.
  func diagnostics(_ path: String) -> [String] {
    guard
      let last = notifications("textDocument/publishDiagnostics").last(where: {
        $0["uri"]?.string == "file://" + path
      })
    else { return [] }
    return (last["diagnostics"]?.array ?? []).map {
      let start = $0["range"]?["start"]
      return "\(start?["line"]?.int ?? -1):\(start?["character"]?.int ?? -1) "
        + "\($0["code"]?.string ?? "") \($0["message"]?.string ?? "")"
    }
  }
}

/// A request answered with an error.
struct ReplyError: Error, Equatable {
  var code: Int
  var message: String
}
