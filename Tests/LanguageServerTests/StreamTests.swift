@testable import Workspace
import Dispatch
import JSON
import JSONRPC
import LanguageServer
import Parallel
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The server on a stream (`run`), with its three threads: requests that
/// read links answered aside while the document changes under them,
/// diagnostics published once the messages pause, symbols that follow
/// every edit. Every request gets one answer.
@Suite struct StreamTests {
  /// Messages framed, in stretches read one after another, each after a
  /// pause of its own (the editor typing, then waiting).
  final class Stream: Sendable {
    private let stretches: Lock<[(pause: Int, bytes: [UInt8])]>

    init(_ stretches: [(pause: Int, messages: [JSONValue])]) {
      self.stretches = Lock(
        stretches.map { ($0.pause, $0.messages.flatMap { MessageFramer.frame($0.text) }) })
    }

    /// `run`'s reader: the next bytes, after the stretch's pause.
    func read() -> [UInt8] {
      let (pause, bytes) = stretches.withLock { stretches in
        stretches.isEmpty ? (0, []) : stretches.removeFirst()
      }
      if pause > 0 { usleep(useconds_t(pause * 1000)) }
      guard !bytes.isEmpty else {
        // The end of the stream only after `exit`, which ends `run` first.
        usleep(5_000_000)
        return []
      }
      return bytes
    }
  }

  static func request(_ id: Int, _ method: String, _ params: JSONValue) -> JSONValue {
    .object([
      "jsonrpc": .string("2.0"), "id": .int(id), "method": .string(method), "params": params,
    ])
  }

  static func notification(_ method: String, _ params: JSONValue) -> JSONValue {
    .object(["jsonrpc": .string("2.0"), "method": .string(method), "params": params])
  }

  /// The editor opening the Markdown document `uri` at version 1.
  static func didOpen(_ uri: JSONValue, _ text: String) -> JSONValue {
    notification(
      "textDocument/didOpen",
      .object([
        "textDocument": .object([
          "uri": uri, "languageId": .string("markdown"), "version": .int(1),
          "text": .string(text),
        ])
      ]))
  }

  @Test func everyRequestIsAnsweredWhileTheDocumentChanges() throws {
    let path = "/ws/doc.md"
    let uri = JSONValue.string("file://" + path)
    var text = (0..<40).map {
      "# Part \($0)\n\nWords [to](#part-\($0 + 1)) and [bad](#nowhere).\n\n"
    }
    .joined()
    var stretches: [(pause: Int, messages: [JSONValue])] = [
      (
        0,
        [
          Self.request(
            1, "initialize",
            .object([
              "rootUri": .string("file:///ws"),
              "capabilities": .object([
                "textDocument": .object([
                  "documentSymbol": .object(["hierarchicalDocumentSymbolSupport": .bool(true)])
                ])
              ]),
            ])),
          Self.notification("initialized", .object([:])),
          Self.didOpen(uri, text),
        ]
      )
    ]
    var id = 1
    var linkRequests: [Int] = []
    var symbolRequests: [Int] = []
    for version in 2...9 {
      let line = version * 4
      let change: JSONValue = .object([
        "range": .object([
          "start": TestClient.position(line, 0), "end": TestClient.position(line, 0),
        ]),
        "text": .string("## Inserted \(version)\n\n"),
      ])
      text = try EditTests.apply(change, to: text)
      var messages = [
        Self.notification(
          "textDocument/didChange",
          .object([
            "textDocument": .object(["uri": uri, "version": .int(version)]),
            "contentChanges": .array([change]),
          ]))
      ]
      for method in [
        "textDocument/codeAction", "textDocument/foldingRange", "textDocument/definition",
      ] {
        id += 1
        linkRequests.append(id)
        messages.append(
          Self.request(
            id, method,
            .object([
              "textDocument": .object(["uri": uri]), "position": TestClient.position(2, 10),
              "range": .object([
                "start": TestClient.position(2, 10), "end": TestClient.position(2, 10),
              ]),
              "context": .object(["diagnostics": .array([])]),
            ])))
      }
      id += 1
      symbolRequests.append(id)
      messages.append(
        Self.request(
          id, "textDocument/documentSymbol", .object(["textDocument": .object(["uri": uri])])))
      // Typing, then a pause long enough for the diagnostics now and then.
      stretches.append((version % 3 == 0 ? 300 : 5, messages))
    }
    stretches.append((400, [Self.request(id + 1, "shutdown", .null)]))
    stretches.append((50, [Self.notification("exit", .null)]))

    let sent = Lock<[JSONValue]>([])
    let server = LanguageServer(host: MemoryHost([:]), version: "test", pieceSize: 64) { body in
      let value = try! JSONParser.parse(Array(body.utf8))
      sent.withLock { $0.append(value) }
    }
    let stream = Stream(stretches)
    let status = server.run { stream.read() }
    #expect(status == 0)
    // The link requests, and the last diagnostics, may still be on their
    // way after `exit` on a slow machine (under a sanitizer).
    for _ in 0..<1000 {
      let done = sent.withLock { sent in
        sent.filter { $0["id"] != nil }.count >= id + 1
          && sent.contains { $0["params"]?["version"]?.int == 9 }
      }
      if done { break }
      usleep(20_000)
    }
    let messages = sent.withLock { $0 }
    func replies(_ id: Int) -> [JSONValue] {
      messages.filter { $0["id"] == .int(id) && $0["method"] == nil }
    }
    for request in 1...(id + 1) { #expect(replies(request).count == 1, "request \(request)") }
    for request in linkRequests {
      let reply = replies(request).first
      #expect(
        reply?["result"] != nil || reply?["error"]?["code"]?.int == -32801,
        "\(reply?.text ?? "no reply")")
    }
    // The last symbols are the whole last text's.
    let whole = try TestClient(MemoryHost([:]), pieceSize: 1 << 40)
    whole.open(path, text)
    let expected = try whole.request("textDocument/documentSymbol", TestClient.document(path))
    let last = replies(symbolRequests.last!).first?["result"] ?? .null
    #expect(EditTests.rows(last) == EditTests.rows(expected))
    #expect(EditTests.rows(last).count == 48)
    // Diagnostics in the order of the versions, the last one's among them.
    let versions = messages.filter { $0["method"]?.string == "textDocument/publishDiagnostics" }
      .compactMap { $0["params"]?["version"]?.int }
    #expect(versions == versions.sorted())
    #expect(versions.last == 9)
  }

  /// Requests answered aside, then `shutdown` and `exit` in one write, as
  /// an editor closing sends them: every request is answered before `run`
  /// returns, `shutdown` after the others.
  @Test func requestsBeforeShutdownAreAnsweredBeforeExit() throws {
    let uri = JSONValue.string("file:///ws/doc.md")
    let at = JSONValue.object([
      "textDocument": .object(["uri": uri]), "position": TestClient.position(2, 5),
    ])
    let messages: [JSONValue] = [
      Self.request(
        1, "initialize", .object(["rootUri": .string("file:///ws"), "capabilities": .object([:])])),
      Self.notification("initialized", .object([:])),
      Self.didOpen(uri, "# A\n\n[x](#a) and [y](#b)\n"),
      Self.request(2, "isle/where", at),
      Self.request(3, "textDocument/hover", at),
      Self.request(
        4, "textDocument/foldingRange", .object(["textDocument": .object(["uri": uri])])),
      Self.request(5, "shutdown", .null),
      Self.notification("exit", .null),
    ]
    let sent = Lock<[JSONValue]>([])
    let server = LanguageServer(host: MemoryHost([:]), version: "test") { body in
      let value = try! JSONParser.parse(Array(body.utf8))
      sent.withLock { $0.append(value) }
    }
    let stream = Stream([(0, messages)])
    #expect(server.run { stream.read() } == 0)
    let answered = sent.withLock { $0 }.filter { $0["method"] == nil }.compactMap { $0["id"]?.int }
    #expect(answered.sorted() == [1, 2, 3, 4, 5])
    #expect(answered.last == 5, "shutdown answered last: \(answered)")
  }
}
