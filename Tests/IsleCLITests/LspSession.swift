@testable import Workspace
import JSON
import LanguageServer
import Outline
import Parallel

@testable import Files
@testable import IsleCLI
@testable import Walk

/// A language server on the real disk (the workspace `isle lsp` runs
/// with), spoken to in-process: requests in, replies and notifications out.
final class LspSession: Sendable {
  let server: LanguageServer
  private let sent = Lock<[JSONValue]>([])
  private let next = Lock(0)

  /// A server initialized for the folder `root`.
  init(root: String) throws {
    let files = SystemFiles()
    // As `isle lsp` with no options: levels 1–3 for isle/where, `--slug auto`.
    let host = DiskWorkspace(
      files: files, options: OutlineOptions(), detector: SlugFlavorDetector(files: files),
      maxSize: 1 << 28, environment: [:])
    let sent = self.sent
    server = LanguageServer(host: host, version: "test") { body in
      sent.withLock { $0.append(try! JSONParser.parse(Array(body.utf8))) }
    }
    _ = try request(
      "initialize",
      .object([
        "rootUri": .string("file://" + root),
        "capabilities": .object([
          "textDocument": .object([
            "documentSymbol": .object(["hierarchicalDocumentSymbolSupport": .bool(true)])
          ])
        ]),
      ]))
    notify("initialized", .object([:]))
  }

  func notify(_ method: String, _ params: JSONValue) {
    _ = server.receive(
      Array(
        JSONValue.object(["jsonrpc": .string("2.0"), "method": .string(method), "params": params])
          .text.utf8))
    server.settle()
  }

  struct SessionError: Error { var message: String }

  func request(_ method: String, _ params: JSONValue = .null) throws -> JSONValue {
    let id = next.withLock { id in
      id += 1
      return id
    }
    _ = server.receive(
      Array(
        JSONValue.object([
          "jsonrpc": .string("2.0"), "id": .int(id), "method": .string(method), "params": params,
        ]).text.utf8))
    guard let reply = sent.withLock({ $0.last { $0["id"] == .int(id) } }) else {
      throw SessionError(message: "no reply")
    }
    if let error = reply["error"] { throw SessionError(message: error.text) }
    return reply["result"] ?? .null
  }

  /// Opens the file at `path` with `text` (its own bytes by default).
  func open(_ path: String, text: String? = nil) throws {
    let content = try text ?? String(decoding: SystemFiles().bytes(.file(path)), as: UTF8.self)
    notify(
      "textDocument/didOpen",
      .object([
        "textDocument": .object([
          "uri": .string("file://" + path), "languageId": .string("markdown"),
          "version": .int(1), "text": .string(content),
        ])
      ]))
  }

  /// The diagnostics last published for `path`.
  func diagnostics(_ path: String) -> [JSONValue] {
    let published = sent.withLock { sent in
      sent.last {
        $0["method"]?.string == "textDocument/publishDiagnostics"
          && $0["params"]?["uri"]?.string == "file://" + path
      }
    }
    return published?["params"]?["diagnostics"]?.array ?? []
  }

  static func document(_ path: String, _ more: [String: JSONValue] = [:]) -> JSONValue {
    var members = more
    members["textDocument"] = .object(["uri": .string("file://" + path)])
    return .object(members)
  }
}
