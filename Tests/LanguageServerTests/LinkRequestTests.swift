import JSON
import LanguageServer
import Testing

@testable import Workspace

/// Links and the headings they lead to: diagnostics, quick fixes,
/// definition, references, hover, document links, completion, rename.
@Suite struct LinkRequestTests {
  static let guidePath = "/ws/guide.md"

  static func at(_ line: Int, _ character: Int, _ more: [String: JSONValue] = [:]) -> JSONValue {
    var members = more
    members["position"] = TestClient.position(line, character)
    return TestClient.document(guidePath, members)
  }

  /// `uri:line` of a location.
  static func written(_ location: JSONValue?) -> String {
    let uri = location?["uri"]?.string ?? "?"
    return
      "\(uri.split(separator: "/").last ?? ""):\(location?["range"]?["start"]?["line"]?.int ?? -1)"
  }

  @Test func diagnosticsAreCheckFindingsWithTheSuggestionAsAFix() throws {
    let client = try ServerTests.client()
    #expect(
      client.diagnostics(Self.guidePath) == [
        "14:42 no-heading no heading #instalation in /ws/guide.md (did you mean #installation?)",
        "15:46 no-file no file nope.md",
      ])
    let actions = try client.request(
      "textDocument/codeAction",
      TestClient.document(
        Self.guidePath,
        [
          "range": .object([
            "start": TestClient.position(14, 44), "end": TestClient.position(14, 44),
          ]),
          "context": .object(["diagnostics": .array([])]),
        ]))
    let fix = actions.array?.first
    #expect(fix?["title"]?.string == "Change to #installation")
    let edit = fix?["edit"]?["changes"]?["file:///ws/guide.md"]?.array?.first
    #expect(edit?["newText"]?.string == "installation")
    #expect(edit?["range"]?["start"]?["character"]?.int == 43)
    #expect(edit?["range"]?["end"]?["character"]?.int == 54)

    // Fixed in the editor: the diagnostic goes on the change.
    client.change(
      Self.guidePath, version: 2, [TestClient.edit((14, 43), (14, 54), "installation")])
    #expect(client.diagnostics(Self.guidePath) == ["15:46 no-file no file nope.md"])
  }

  @Test func aFileChangedOnDiskIsSeenByTheLinksToIt() throws {
    let host = ServerTests.workspace()
    let client = try ServerTests.client(host)
    #expect(client.diagnostics(Self.guidePath).count == 2)
    host.store.withLock { $0["/ws/other.md"] = "# Other\n\n## Part Twos\n" }
    client.notify(
      "workspace/didChangeWatchedFiles",
      .object([
        "changes": .array([.object(["uri": .string("file:///ws/other.md"), "type": .int(2)])])
      ]))
    #expect(
      client.diagnostics(Self.guidePath)[1]
        == "15:13 no-heading no heading #part-two in /ws/other.md (did you mean #part-twos?)")
  }

  @Test func definitionLeadsToTheHeading() throws {
    let client = try ServerTests.client()
    #expect(
      Self.written(try client.request("textDocument/definition", Self.at(14, 20))) == "guide.md:4")
    #expect(
      Self.written(try client.request("textDocument/definition", Self.at(15, 15))) == "other.md:2")
    // On a link's text: nothing, as in VS Code (the text is no destination).
    #expect(try client.request("textDocument/definition", Self.at(15, 6)) == .null)
    #expect(try client.request("textDocument/definition", Self.at(15, 50)) == .null)
    #expect(try client.request("textDocument/definition", Self.at(2, 3)) == .null)
  }

  /// Anchors written as HTML in Markdown, which `isle check` resolves
  /// (`DocumentAnchors`): definition lands on them, in the document and in
  /// another, as written and in another case; hover shows the section they
  /// stand in; completion offers them.
  @Test func definitionReachesHTMLAnchors() throws {
    let host = MemoryHost([
      "/ws/anchors.md": """
      # Anchors

      <a id="top-of-list"></a>
      Text with an <a name="inline-name">inline</a> anchor.

      ## Boxes

      <div id="box">
      boxed
      </div>

      See [a](#top-of-list), [b](#inline-name), [c](#box), [d](far.md#far-away), [e](#BOX).

      """,
      "/ws/far.md": "# Far\n\nwords\n\n  <span id=\"far-away\">here</span>\n",
    ])
    let client = try TestClient(host)
    client.open("/ws/anchors.md", host.files["/ws/anchors.md"]!)
    #expect(client.diagnostics("/ws/anchors.md") == [])
    func definition(_ character: Int) throws -> String {
      let location = try client.request(
        "textDocument/definition",
        TestClient.document(
          "/ws/anchors.md", ["position": TestClient.position(11, character)]))
      let start = location["range"]?["start"]
      let end = location["range"]?["end"]
      let file = location["uri"]?.string?.split(separator: "/").last ?? "?"
      return "\(file):\(start?["line"]?.int ?? -1):\(start?["character"]?.int ?? -1)-"
        + "\(end?["line"]?.int ?? -1):\(end?["character"]?.int ?? -1)"
    }
    #expect(try definition(9) == "anchors.md:2:0-2:20")
    #expect(try definition(27) == "anchors.md:3:13-3:35")
    #expect(try definition(46) == "anchors.md:7:0-7:14")
    #expect(try definition(57) == "far.md:4:2-4:22")
    #expect(try definition(79) == "anchors.md:7:0-7:14")
    let hover = try client.request(
      "textDocument/hover",
      TestClient.document("/ws/anchors.md", ["position": TestClient.position(11, 42)]))
    #expect(hover["contents"]?["value"]?.string == "**Boxes** · < 1 min\n\nanchor `box`")
    let links = try client.request(
      "textDocument/documentLink", TestClient.document("/ws/anchors.md"))
    #expect(
      links.array?.map { $0["target"]?.string ?? "?" } == [
        "file:///ws/anchors.md#L3", "file:///ws/anchors.md#L4", "file:///ws/anchors.md#L8",
        "file:///ws/far.md#L5", "file:///ws/anchors.md#L8",
      ])
    #expect(try Self.completions("[a](#") == ["new"])
    client.open("/ws/new.md", "# New\n\nSee [a](anchors.md#")
    let offered = try client.request(
      "textDocument/completion",
      .object([
        "textDocument": .object(["uri": .string("file:///ws/new.md")]),
        "position": TestClient.position(2, 22),
      ]))
    #expect(
      (offered["items"]?.array ?? []).map { $0["label"]?.string ?? "?" } == [
        "anchors", "boxes", "top-of-list", "inline-name", "box",
      ])
  }

  @Test func referencesComeFromEveryDocument() throws {
    let client = try ServerTests.client()
    let found = try client.request(
      "textDocument/references",
      Self.at(4, 3, ["context": .object(["includeDeclaration": .bool(true)])]))
    #expect(found.array?.map { Self.written($0) } == ["guide.md:4", "other.md:4", "guide.md:14"])
    let fromLink = try client.request(
      "textDocument/references", Self.at(14, 20, ["context": .object([:])]))
    #expect(fromLink.array?.count == 2)
  }

  @Test func hoverNamesTheTargetAndItsTime() throws {
    let client = try ServerTests.client()
    let hover = try client.request("textDocument/hover", Self.at(15, 8))
    #expect(hover["contents"]?["value"]?.string == "**Part Two** · < 1 min\n\nother.md")
    #expect(try client.request("textDocument/hover", Self.at(2, 0)) == .null)
  }

  @Test func documentLinksPointAtFilesAndLines() throws {
    let client = try ServerTests.client()
    let links = try client.request("textDocument/documentLink", TestClient.document(Self.guidePath))
    #expect(
      links.array?.map { $0["target"]?.string ?? "?" } == [
        "file:///ws/guide.md#L5", "file:///ws/guide.md", "file:///ws/other.md#L3",
        "file:///ws/nope.md",
      ])
  }

  /// A link to a file not there is a link all the same, to where the file
  /// would be, at its destination's bytes (inside `< >`, spaces kept).
  @Test func aLinkToAMissingFileIsALinkAllTheSame() throws {
    let client = try ServerTests.client()
    client.open("/ws/new.md", "![x](< gone.md > \"t\") [y](sub/none.md#part)")
    let links = try client.request("textDocument/documentLink", TestClient.document("/ws/new.md"))
    #expect(
      links.array?.map { $0["target"]?.string ?? "?" } == [
        "file:///ws/gone.md", "file:///ws/sub/none.md",
      ])
    #expect(links.array?.first?["range"]?["start"]?["character"]?.int == 6)
  }

  /// The labels completion offers with `typed` at the end of a new line.
  static func completions(_ typed: String) throws -> [String] {
    let client = try ServerTests.client()
    client.open("/ws/new.md", "# New\n\nSee " + typed)
    let result = try client.request(
      "textDocument/completion",
      .object([
        "textDocument": .object(["uri": .string("file:///ws/new.md")]),
        "position": TestClient.position(2, 4 + typed.utf16.count),
      ]))
    return (result["items"]?.array ?? []).map { $0["label"]?.string ?? "?" }
  }

  @Test func completionOfIdsAndPaths() throws {
    #expect(try Self.completions("[a](#") == ["new"])
    #expect(try Self.completions("[a](other.md#p") == ["other", "part-two"])
    // What this folder holds, the names that begin with what is typed
    // first (the editor filters the rest), then this document's own ids;
    // another document's ids come after its `#`.
    let typed = try Self.completions("[a](oth")
    #expect(typed.prefix(2) == ["other.md", "#new"])
    #expect(Set(typed) == Set(try Self.completions("[a](")))
    #expect(typed.contains("guide.md") && !typed.contains("guide.md#usage"))
    #expect(try Self.completions("plain text") == [])
  }

  @Test func workspaceSymbolsSearchEveryDocument() throws {
    let client = try ServerTests.client()
    let found = try client.request("workspace/symbol", .object(["query": .string("prt tw")]))
    #expect(found.array?.map { $0["name"]?.string ?? "?" } == ["Part Two"])
    #expect(found.array?.first?["containerName"]?.string == "other.md")
  }

  @Test func renameRewritesTheHeadingAndEveryLinkToIt() throws {
    let client = try ServerTests.client()
    let prepared = try client.request("textDocument/prepareRename", Self.at(4, 5))
    #expect(prepared["placeholder"]?.string == "Installation")
    #expect(prepared["range"]?["start"]?["character"]?.int == 3)
    #expect(throws: ReplyError.self) {
      try client.request("textDocument/prepareRename", Self.at(2, 0))
    }
    let edit = try client.request(
      "textDocument/rename", Self.at(4, 5, ["newName": .string("Set up")]))
    func texts(_ uri: String) -> [String] {
      (edit["changes"]?[uri]?.array ?? []).map {
        "\($0["range"]?["start"]?["line"]?.int ?? -1):\($0["range"]?["start"]?["character"]?.int ?? -1) "
          + ($0["newText"]?.string ?? "?")
      }
    }
    #expect(texts("file:///ws/guide.md") == ["4:3 Set up", "14:15 set-up"])
    #expect(texts("file:///ws/other.md") == ["4:55 set-up"])
  }

  @Test func cancelledRequestsEndWithRequestCancelled() throws {
    let client = try ServerTests.client()
    client.server.cancel(.int(99))
    client.send(
      .object([
        "jsonrpc": .string("2.0"), "id": .int(99), "method": .string("workspace/symbol"),
        "params": .object(["query": .string("")]),
      ]))
    #expect(throws: ReplyError(code: -32800, message: "cancelled")) {
      try client.reply(to: .int(99))
    }
  }

  @Test func aReferenceLinkIsShownAtItsUseAndFixedAtItsDefinition() throws {
    let client = try ServerTests.client()
    client.open(
      "/ws/refs.md", "# Refs\n\n## Set up\n\nSee [this][s] and [that][s].\n\n[s]: #set-upp\n")
    #expect(
      client.diagnostics("/ws/refs.md") == [
        "4:4 no-heading no heading #set-upp in /ws/refs.md (did you mean #set-up?)"
      ])
    let actions = try client.request(
      "textDocument/codeAction",
      .object([
        "textDocument": .object(["uri": .string("file:///ws/refs.md")]),
        "range": .object(["start": TestClient.position(4, 5), "end": TestClient.position(4, 5)]),
        "context": .object(["diagnostics": .array([])]),
      ]))
    let edit = actions.array?.first?["edit"]?["changes"]?["file:///ws/refs.md"]?.array?.first
    #expect(edit?["range"]?["start"] == TestClient.position(6, 6))
    #expect(edit?["range"]?["end"] == TestClient.position(6, 13))
    #expect(edit?["newText"]?.string == "set-up")
  }

  @Test func aDocumentCreatedInTheWorkspaceJoinsItsSymbols() throws {
    let host = ServerTests.workspace()
    let client = try ServerTests.client(host)
    host.store.withLock {
      $0["/ws/docs/new.md"] = "# Freshly made\n"
      $0["/elsewhere/x.md"] = "# Freshly too\n"
    }
    for path in ["/ws/docs/new.md", "/elsewhere/x.md"] {
      client.notify(
        "workspace/didChangeWatchedFiles",
        .object(["changes": .array([.object(["uri": .string("file://" + path), "type": .int(1)])])])
      )
    }
    let found = try client.request("workspace/symbol", .object(["query": .string("freshly")]))
    #expect(found.array?.map { $0["name"]?.string ?? "?" } == ["Freshly made"])
  }
}
