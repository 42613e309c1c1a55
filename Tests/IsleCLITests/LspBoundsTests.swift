import Foundation
import JSON
import TestSupport
import Testing

/// `isle lsp` at its bounds: requests pipelined right behind `shutdown`,
/// documents outside the workspace's folders, a message too long to read.
@Suite struct LspBoundsTests {
  typealias Hostile = LspHostileTests

  static func document(_ uri: String, _ more: [String: JSONValue] = [:]) -> JSONValue {
    var members = more
    members["textDocument"] = .object(["uri": .string(uri)])
    return .object(members)
  }

  static func at(_ line: Int, _ character: Int) -> [String: JSONValue] {
    ["position": .object(["line": .int(line), "character": .int(character)])]
  }

  /// The session's start for the folder `root` (none when nil).
  static func start(root: String?) -> [String] {
    [
      Hostile.request(
        1, "initialize",
        .object([
          "rootUri": root.map { .string("file://" + $0) } ?? .null,
          "capabilities": .object([:]),
        ])),
      Hostile.notification("initialized", .object([:])),
    ]
  }

  static func didOpen(_ uri: String, _ text: String) -> String {
    Hostile.notification(
      "textDocument/didOpen",
      .object([
        "textDocument": .object([
          "uri": .string(uri), "languageId": .string("markdown"), "version": .int(1),
          "text": .string(text),
        ])
      ]))
  }

  /// The error code and message of reply `id`.
  static func error(_ replies: [Int: [String: Any]], _ id: Int) -> (Int?, String) {
    let error = replies[id]?["error"] as? [String: Any]
    return (error?["code"] as? Int, error?["message"] as? String ?? "")
  }

  /// `shutdown`, then in the same write requests of every kind: each one
  /// read after it is refused with InvalidRequest, whichever thread would
  /// have answered it; the one before it is answered.
  @Test func everyRequestAfterShutdownIsRefused() throws {
    try Harness.withTree(["doc.md": "# Intro\n\nSee [it](#intro).\n\n## Usage\n"]) { root in
      let uri = "file://" + root.path + "/doc.md"
      let document = Self.document(uri)
      let position = Self.document(uri, Self.at(0, 3))
      let after: [(String, JSONValue)] = [
        ("isle/where", position), ("workspace/symbol", .object(["query": .string("in")])),
        ("textDocument/hover", position), ("textDocument/documentSymbol", document),
        ("textDocument/foldingRange", document), ("textDocument/definition", position),
        ("textDocument/documentLink", document), ("initialize", .object([:])),
        ("shutdown", .null), ("no/such", .null),
      ]
      var messages = Self.start(root: root.path) + [Self.didOpen(uri, "# Intro\n\n## Usage\n")]
      messages.append(Hostile.request(5, "workspace/symbol", .object(["query": .string("us")])))
      messages.append(Hostile.request(2, "shutdown", .null))
      for (index, (method, params)) in after.enumerated() {
        messages.append(Hostile.request(10 + index, method, params))
      }
      messages.append(Hostile.notification("exit", .null))
      let outcome = try Harness.runBinary(["lsp"], stdin: LspTests.frames(messages))
      #expect(outcome.status == 0, "\(outcome.stderr)")
      let replies = Hostile.replies(outcome.stdout)
      #expect(replies[5]?["result"] is [Any], "\(replies[5] ?? [:])")
      #expect(replies[2]?["result"] is NSNull, "\(replies[2] ?? [:])")
      for (index, (method, _)) in after.enumerated() {
        let (code, message) = Self.error(replies, 10 + index)
        #expect(code == -32600 && message.hasPrefix("the server is shut down"), "\(method): \(message)")
      }
    }
  }

  /// A document not opened is read from the disk only inside the
  /// workspace's folder (a symbolic link followed); one opened is served
  /// wherever it is; with no folder only opened ones are.
  @Test func documentsOutsideTheWorkspaceAreNotRead() throws {
    let files = [
      "ws/doc.md": "# Doc\n\nSee [s](../outside/secret.md).\n",
      "outside/secret.md": "# Secret Title\n\n## Hidden\n",
      "outside/opened.md": "# On disk\n",
    ]
    try Harness.withTree(files) { root in
      let folder = root.path + "/ws"
      try FileManager.default.createSymbolicLink(
        atPath: folder + "/link.md", withDestinationPath: root.path + "/outside/secret.md")
      let (doc, secret) = ("file://\(folder)/doc.md", "file://\(root.path)/outside/secret.md")
      let (link, opened) = ("file://\(folder)/link.md", "file://\(root.path)/outside/opened.md")
      let symbols = "textDocument/documentSymbol"
      let asked = [
        Hostile.request(10, symbols, Self.document(secret)),
        Hostile.request(11, "isle/where", Self.document(secret, Self.at(2, 0))),
        Hostile.request(12, symbols, Self.document(link)),
        Hostile.request(13, symbols, Self.document(doc)),
        Hostile.request(14, symbols, Self.document(opened)),
        Hostile.request(2, "shutdown", .null), Hostile.notification("exit", .null),
      ]
      let opening = [Self.didOpen(opened, "# Opened\n")]
      let confined = try Harness.runBinary(
        ["lsp"], stdin: LspTests.frames(Self.start(root: folder) + opening + asked))
      #expect(confined.status == 0, "\(confined.stderr)")
      var replies = Hostile.replies(confined.stdout)
      for (id, uri) in [(10, secret), (11, secret), (12, link)] {
        let (code, message) = Self.error(replies, id)
        #expect(code == -32803 && message.contains(uri), "\(id): \(message)")
      }
      #expect("\(replies[13]?["result"] ?? "")".contains("Doc"))
      #expect("\(replies[14]?["result"] ?? "")".contains("Opened"))
      // No folder: only what was opened.
      let rootless = try Harness.runBinary(
        ["lsp"], stdin: LspTests.frames(Self.start(root: nil) + opening + asked))
      replies = Hostile.replies(rootless.stdout)
      let (code, message) = Self.error(replies, 13)
      #expect(code == -32803 && message.contains(doc), "\(message)")
      #expect("\(replies[14]?["result"] ?? "")".contains("Opened"))
    }
  }

  /// A Content-Length over the limit is said to be over it.
  @Test func aLengthOverTheLimitIsNamed() throws {
    var stdin = LspTests.frames(Self.start(root: nil))
    stdin.append(Data("Content-Length: 2000000000\r\n\r\n{}".utf8))
    let outcome = try Harness.runBinary(["lsp"], stdin: stdin)
    #expect(outcome.status == 1)
    let text = String(decoding: outcome.stdout, as: UTF8.self)
    #expect(
      text.contains("Content-Length 2000000000 is over the limit of 1073741824 bytes"), "\(text)")
  }
}
