@testable import Workspace
import JSON
import LanguageServer
import Parallel
import Testing

/// Every request of the server, asked by a JSON-RPC client in the same
/// process, over a workspace held in memory.
@Suite struct ServerTests {
  static let guide = """
    # Guide

    Intro text here, a few words to read.

    ## Installation

    Install it.

    ### From source

    Build it 😀 yourself.

    ## Usage

    See [install](#installation) and [broken](#instalation).
    Also [other](other.md#part-two) and [missing](nope.md).

    """
  /// A fence and a list, for folding.
  static let blocks = """
    # Blocks

    ```sh
    # not a heading
    echo
    ```

    - one
    - two
      - three

    text
    """
  static let other = """
    # Other

    ## Part Two

    Back to [guide](guide.md#usage) and [install](guide.md#installation).

    """

  static func workspace() -> MemoryHost {
    MemoryHost(["/ws/guide.md": guide, "/ws/other.md": other, "/ws/notes.txt": "plain"])
  }

  static func client(_ host: MemoryHost = workspace(), options: JSONValue = .object([:])) throws
    -> TestClient
  {
    let client = try TestClient(host, options: options)
    client.open("/ws/guide.md", guide)
    return client
  }

  @Test func lifecycle() throws {
    let client = try TestClient(Self.workspace(), initialize: false)
    #expect(throws: ReplyError(code: -32002, message: "the server is not initialized")) {
      try client.request("textDocument/documentSymbol", TestClient.document("/ws/guide.md"))
    }
    let result = try client.request("initialize", .object(["rootUri": .string("file:///ws")]))
    #expect(result["serverInfo"]?["name"]?.string == "isle")
    #expect(result["capabilities"]?["textDocumentSync"]?["change"]?.int == 2)
    #expect(result["capabilities"]?["codeLensProvider"] == nil)
    #expect(throws: ReplyError.self) { try client.request("initialize", .object([:])) }
    #expect(throws: ReplyError(code: -32601, message: "no method 'nope'")) {
      try client.request("nope")
    }
    #expect(try client.request("shutdown") == .null)
    #expect(throws: ReplyError.self) { try client.request("workspace/symbol", .object([:])) }
    #expect(client.send(.object(["jsonrpc": .string("2.0"), "method": .string("exit")])) == 0)

    let abrupt = try TestClient(Self.workspace())
    #expect(abrupt.send(.object(["jsonrpc": .string("2.0"), "method": .string("exit")])) == 1)
  }

  /// A bad value in the config file does not end the server: it is
  /// logged as an error (type 1) once the client is initialized, once.
  @Test func problemsFromBeforeTheStartAreLoggedAsErrors() throws {
    let problem = "/h/isle/config:1: invalid value 'fast' for 'wpm': expected a number; using 238"
    let client = try TestClient(Self.workspace(), initialize: false, problems: [problem])
    _ = try client.request("initialize", .object(["rootUri": .string("file:///ws")]))
    #expect(client.notifications("window/logMessage").isEmpty)
    client.notify("initialized", .object([:]))
    let logged = client.notifications("window/logMessage")
    #expect(logged.map { $0["type"]?.int ?? 0 } == [1])
    #expect(logged.first?["message"]?.string == "isle: " + problem)
  }

  /// Headers that are not the protocol's end the server: the log says so
  /// as an error (type 1), and the exit status is 1.
  @Test func aBrokenStreamEndsTheServerWithAnError() {
    let sent = Lock<[JSONValue]>([])
    let server = LanguageServer(host: Self.workspace(), version: "test") { body in
      let value = try! JSONParser.parse(Array(body.utf8))
      sent.withLock { $0.append(value) }
    }
    let given = Lock(false)
    let status = server.run {
      guard
        !given.withLock({ done in
          defer { done = true }
          return done
        })
      else { return [] }
      return Array("nonsense\r\n\r\n".utf8)
    }
    #expect(status == 1)
    let logged = sent.withLock { $0 }.filter { $0["method"]?.string == "window/logMessage" }
    #expect(logged.map { $0["params"]?["type"]?.int ?? 0 } == [1])
  }

  @Test func malformedMessagesAreAnsweredNotFatal() throws {
    let client = try TestClient(Self.workspace())
    #expect(client.server.receive(Array("{not json".utf8)) == nil)
    #expect(client.server.receive(Array("[1,2]".utf8)) == nil)
    #expect(throws: ReplyError.self) {
      try client.request("textDocument/documentSymbol", .object(["textDocument": .null]))
    }
    #expect(throws: ReplyError.self) {
      try client.request(
        "textDocument/definition",
        TestClient.document("/ws/guide.md", ["position": .object(["line": .int(-1)])]))
    }
  }

  /// Name, detail and children of a symbol tree, one line each.
  static func outline(_ symbols: JSONValue, depth: Int = 0) -> [String] {
    (symbols.array ?? []).flatMap { symbol -> [String] in
      let line = symbol["selectionRange"]?["start"]?["line"]?.int ?? -1
      let head =
        String(repeating: "  ", count: depth)
        + "\(symbol["name"]?.string ?? "?") @\(line) \(symbol["detail"]?.string ?? "-")"
      return [head] + outline(symbol["children"] ?? .null, depth: depth + 1)
    }
  }

  @Test func documentSymbolsNestEveryLevelWithReadingTime() throws {
    let client = try Self.client()
    let symbols = try client.request(
      "textDocument/documentSymbol", TestClient.document("/ws/guide.md"))
    #expect(
      Self.outline(symbols) == [
        "Guide @0 < 1 min", "  Installation @4 < 1 min", "    From source @8 < 1 min",
        "  Usage @12 < 1 min",
      ])
    // The section runs to the next heading at its level or above.
    let installation = symbols.array?[0]["children"]?.array?[0]
    #expect(installation?["range"]?["end"]?["line"]?.int == 12)

    let flat = try TestClient(Self.workspace(), hierarchical: false)
    let list = try flat.request("textDocument/documentSymbol", TestClient.document("/ws/guide.md"))
    #expect(
      list.array?.map { $0["containerName"]?.string ?? "-" } == [
        "-", "Guide", "Installation", "Guide",
      ])
  }

  @Test func incrementalEditsCountUTF16() throws {
    let client = try Self.client()
    // Line 10 is "Build it 😀 yourself.": the emoji is two UTF-16 units.
    func change(_ range: (Int, Int, Int, Int), _ text: String, version: Int) {
      client.change(
        "/ws/guide.md", version: version,
        [TestClient.edit((range.0, range.1), (range.2, range.3), text)])
    }
    change((10, 11, 10, 20), "all", version: 2)
    change((8, 4, 8, 15), "Compiling", version: 3)
    let symbols = try client.request(
      "textDocument/documentSymbol", TestClient.document("/ws/guide.md"))
    #expect(Self.outline(symbols)[2] == "    Compiling @8 < 1 min")
    let hover = try client.request(
      "isle/where", TestClient.document("/ws/guide.md", ["position": TestClient.position(10, 0)]))
    #expect(hover["current"]?["title"]?.string == "Compiling")
    // The text itself: the emoji kept whole, what followed it replaced.
    let folding = try client.request(
      "textDocument/foldingRange", TestClient.document("/ws/guide.md"))
    #expect(folding.array?.count == 4)
  }

  @Test func foldingAndSelectionRanges() throws {
    let client = try Self.client()
    let folding = try client.request(
      "textDocument/foldingRange", TestClient.document("/ws/guide.md"))
    #expect(
      folding.array?.map { "\($0["startLine"]?.int ?? -1)-\($0["endLine"]?.int ?? -1)" } == [
        "0-15", "4-11", "8-11", "12-15",
      ])
    client.open("/ws/blocks.md", Self.blocks)
    let blockFolds = try client.request(
      "textDocument/foldingRange", TestClient.document("/ws/blocks.md"))
    #expect(
      blockFolds.array?.map { "\($0["startLine"]?.int ?? -1)-\($0["endLine"]?.int ?? -1)" } == [
        "0-11", "2-5", "7-9",
      ])
    let selection = try client.request(
      "textDocument/selectionRange",
      TestClient.document("/ws/guide.md", ["positions": .array([TestClient.position(8, 5)])]))
    var chain: [String] = []
    var node = selection.array?.first
    while let current = node {
      let range = current["range"]
      chain.append(
        "\(range?["start"]?["line"]?.int ?? -1)-\(range?["end"]?["line"]?.int ?? -1)")
      node = current["parent"]
    }
    #expect(chain == ["8-8", "8-12", "4-12", "0-16"])
  }

  @Test func codeLensesAreOffUnlessAsked() throws {
    let quiet = try Self.client()
    #expect(
      try quiet.request("textDocument/codeLens", TestClient.document("/ws/guide.md")) == .array([]))
    let asked = try Self.client(options: .object(["codeLens": .bool(true)]))
    let lenses = try asked.request("textDocument/codeLens", TestClient.document("/ws/guide.md"))
    #expect(
      lenses.array?.map {
        "\($0["range"]?["start"]?["line"]?.int ?? -1) \($0["command"]?["title"]?.string ?? "?")"
      } == ["0 < 1 min", "4 < 1 min", "8 < 1 min", "12 < 1 min"])
  }

  @Test func whereAnswersTheWhereJSON() throws {
    let client = try Self.client()
    let answer = try client.request(
      "isle/where", TestClient.document("/ws/guide.md", ["position": TestClient.position(13, 0)]))
    #expect(answer["current"]?["title"]?.string == "Usage")
    #expect(answer["bar"]?.string == "↑ ◕ Usage  4 of 4 ⌃")
    #expect(answer["fraction"] == .number(13.0 / 15.0))
  }

  /// Found by fuzz/jsonrpc.swift: a client that never sent `initialized`
  /// waited for ever for an index no one was building.
  @Test func workspaceRequestsAnswerWithoutInitialized() throws {
    let client = try TestClient(Self.workspace(), initialize: false)
    _ = try client.request("initialize", .object(["rootUri": .string("file:///ws")]))
    client.open("/ws/guide.md", Self.guide)
    let found = try client.request("workspace/symbol", .object(["query": .string("usage")]))
    #expect(found.array?.map { $0["name"]?.string ?? "?" } == ["Usage"])
  }
}
