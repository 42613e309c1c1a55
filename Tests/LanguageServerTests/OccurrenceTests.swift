@testable import Workspace
import JSON
import Links
import Testing

@testable import LanguageServer

/// Every place a name is written: a heading and the fragments that name
/// it, a reference label and its definition, a path, an HTML id, a URL;
/// as document highlights, references, definition and rename show them.
@Suite struct OccurrenceTests {
  static let doc = """
    # Set Up

    See [it](#set-up), [there](other.md#set-up), [far](other.md) and [ref].
    ![cat](img/cat.png) [again](./img/cat.png) <https://example.com/a> [web](https://example.com/a)

    [ref]: other.md

    """
  static let other =
    "# Other\n\n<span id=\"spot\"></span>\n\n[home](doc.md#spot-not) [back](doc.md)\n"
  static let more =
    "[back](../other.md) and [abs](/other.md#spot) and [up](../doc.md#set-up)\n"

  /// A client with doc.md open; with `documentChanges`, one that takes
  /// edits (and file renames) as them.
  static func client(documentChanges: Bool = false) throws -> TestClient {
    let host = MemoryHost([
      "/ws/doc.md": doc, "/ws/other.md": other, "/ws/sub/more.md": more,
    ])
    let client = try TestClient(host, initialize: false)
    let workspace = JSONValue.object([
      "workspaceEdit": .object(["documentChanges": .bool(documentChanges)])
    ])
    _ = try client.request(
      "initialize",
      .object([
        "rootUri": .string("file:///ws"), "capabilities": .object(["workspace": workspace]),
      ]))
    client.notify("initialized", .object([:]))
    client.server.waitForIndex()
    client.open("/ws/doc.md", doc)
    return client
  }

  static func at(
    _ line: Int, _ character: Int, in file: String = "doc.md", _ more: [String: JSONValue] = [:]
  )
    -> JSONValue
  {
    var members = more
    members["position"] = TestClient.position(line, character)
    return TestClient.document("/ws/" + file, members)
  }

  /// A location or an edit as `file range`, with what follows it.
  static func shown(_ json: JSONValue, file: String? = nil, _ extra: String? = nil) -> String {
    let name = file ?? json["uri"]?.string?.split(separator: "/").last.map(String.init) ?? "?"
    return "\(name) \(MarkedText.shown(json))" + (extra.map { " " + $0 } ?? "")
  }

  static func highlights(_ client: TestClient, _ line: Int, _ character: Int) throws -> [String] {
    let found = try client.request("textDocument/documentHighlight", at(line, character))
    return (found.array ?? []).map { shown($0, file: "doc.md", "\($0["kind"]?.int ?? 0)") }.sorted()
  }

  @Test func highlightsShowTheNameAtTheCursorInThisDocument() throws {
    let client = try Self.client()
    // The heading written, the fragment that names it read; another
    // document's `#set-up` names nothing.
    #expect(try Self.highlights(client, 0, 3) == ["doc.md 0:0-0:8 3", "doc.md 2:10-2:16 2"])
    // A path: its links' paths, fragments left out, the definition's too.
    #expect(
      try Self.highlights(client, 2, 53) == [
        "doc.md 2:27-2:35 2", "doc.md 2:51-2:59 2", "doc.md 5:7-5:15 2",
      ])
    // A file there is not, written two ways.
    #expect(try Self.highlights(client, 3, 10) == ["doc.md 3:28-3:41 2", "doc.md 3:7-3:18 2"])
    #expect(try Self.highlights(client, 2, 67) == ["doc.md 2:66-2:69 2", "doc.md 5:1-5:4 3"])
    #expect(try Self.highlights(client, 3, 50) == ["doc.md 3:44-3:65 2", "doc.md 3:73-3:94 2"])
    // A link's text names nothing.
    #expect(try Self.highlights(client, 2, 6) == [])
  }

  static func references(_ client: TestClient, _ place: JSONValue, declaration: Bool = true)
    throws -> [String]
  {
    guard case .object(var members) = place else { return [] }
    members["context"] = .object(["includeDeclaration": .bool(declaration)])
    let found = try client.request("textDocument/references", .object(members))
    return (found.array ?? []).map { shown($0) }.sorted()
  }

  @Test func referencesReachPathsLabelsAndIdsAcrossTheWorkspace() throws {
    let client = try Self.client()
    #expect(
      try Self.references(client, Self.at(2, 53)) == [
        "doc.md 2:27-2:35", "doc.md 2:51-2:59", "doc.md 5:7-5:15", "more.md 0:30-0:39",
        "more.md 0:7-0:18",
      ])
    #expect(try Self.references(client, Self.at(2, 67)) == ["doc.md 2:66-2:69", "doc.md 5:1-5:4"])
    #expect(try Self.references(client, Self.at(5, 2), declaration: false) == ["doc.md 2:66-2:69"])
    // From the id in its tag, in a document not open: the link in another.
    #expect(
      try Self.references(client, Self.at(2, 11, in: "other.md")) == [
        "more.md 0:30-0:44", "other.md 2:10-2:14",
      ])
    #expect(
      try Self.references(client, Self.at(3, 80)) == ["doc.md 3:44-3:65", "doc.md 3:73-3:94"])
  }

  @Test func definitionGoesFromAUseToItsDefinition() throws {
    let client = try Self.client()
    for (line, character) in [(2, 67), (5, 2)] {
      #expect(
        Self.shown(try client.request("textDocument/definition", Self.at(line, character)))
          == "doc.md 5:0-5:15")
    }
    // The definition's destination leads on, to the file.
    #expect(
      Self.shown(try client.request("textDocument/definition", Self.at(5, 10)))
        == "other.md 0:0-0:0")
  }

  /// The edits a rename makes, as `file range text`, sorted; the file
  /// renames as `old -> new`.
  static func renamed(_ client: TestClient, _ place: JSONValue, to name: String) throws
    -> [String]
  {
    guard case .object(var members) = place else { return [] }
    members["newName"] = .string(name)
    let edit = try client.request("textDocument/rename", .object(members))
    var shown: [String] = []
    var changes: [String: JSONValue] = [:]
    if case .object(let found)? = edit["changes"] { changes = found }
    for (uri, edits) in changes {
      for one in edits.array ?? [] {
        shown.append(
          Self.shown(one, file: String(uri.split(separator: "/").last!), one["newText"]?.string))
      }
    }
    for change in edit["documentChanges"]?.array ?? [] {
      if let old = change["oldUri"]?.string, let new = change["newUri"]?.string {
        shown.append("\(old) -> \(new)")
        continue
      }
      let uri = change["textDocument"]?["uri"]?.string ?? "?"
      let version = change["textDocument"]?["version"]?.int.map(String.init) ?? "null"
      for one in change["edits"]?.array ?? [] {
        let file = String(uri.split(separator: "/").last!) + "@" + version
        shown.append(Self.shown(one, file: file, one["newText"]?.string))
      }
    }
    return shown.sorted()
  }

  @Test func renameALabelAnIdAndAURL() throws {
    let client = try Self.client()
    #expect(
      try Self.renamed(client, Self.at(2, 67), to: "new ref") == [
        "doc.md 2:66-2:69 new ref", "doc.md 5:1-5:4 new ref",
      ])
    let prepared = try client.request("textDocument/prepareRename", Self.at(2, 11, in: "other.md"))
    #expect(
      Self.shown(prepared, file: "other.md", prepared["placeholder"]?.string)
        == "other.md 2:10-2:14 spot")
    #expect(
      try Self.renamed(client, Self.at(2, 11, in: "other.md"), to: "place") == [
        "more.md 0:40-0:44 place", "other.md 2:10-2:14 place",
      ])
    #expect(throws: ReplyError.self) {
      try Self.renamed(client, Self.at(2, 11, in: "other.md"), to: "two words")
    }
    #expect(
      try Self.renamed(client, Self.at(3, 50), to: "https://example.org/b") == [
        "doc.md 3:44-3:65 https://example.org/b", "doc.md 3:73-3:94 https://example.org/b",
      ])
  }

  @Test func renameAPathMovesTheFileAndRewritesEachLinkInItsStyle() throws {
    // An editor that cannot rename files is told so; nothing is half done.
    let plain = try Self.client()
    #expect(throws: ReplyError.self) {
      try Self.renamed(plain, Self.at(2, 53), to: "docs/other guide.md")
    }
    let client = try Self.client(documentChanges: true)
    let prepared = try client.request("textDocument/prepareRename", Self.at(2, 53))
    #expect(
      Self.shown(prepared, file: "doc.md", prepared["placeholder"]?.string)
        == "doc.md 2:51-2:59 other.md")
    #expect(
      try Self.renamed(client, Self.at(2, 53), to: "docs/other guide.md") == [
        "doc.md@1 2:27-2:42 <docs/other guide.md#set-up>",
        "doc.md@1 2:51-2:59 <docs/other guide.md>",
        "doc.md@1 5:7-5:15 <docs/other guide.md>",
        "file:///ws/other.md -> file:///ws/docs/other%20guide.md",
        "more.md@null 0:30-0:44 </docs/other guide.md#spot>",
        "more.md@null 0:7-0:18 <../docs/other guide.md>",
        // The moved document's own links, from its new folder.
        "other.md@null 4:31-4:37 ../doc.md", "other.md@null 4:7-4:13 ../doc.md",
      ])
    // Onto a file that is there: refused.
    #expect(throws: ReplyError.self) { try Self.renamed(client, Self.at(2, 53), to: "doc.md") }
  }

  @Test func anglesComeAndGoAsTheNewPathNeedsThem() throws {
    let text = "![a](<cat.gif>) ![b](cat.gif) [s](my%20file.md)\n"
    let client = try TestClient(MemoryHost(["/ws/doc.md": text]))
    client.open("/ws/doc.md", text)
    #expect(
      try Self.renamed(client, Self.at(0, 8), to: "o(p).gif") == [
        "doc.md 0:21-0:28 o(p).gif", "doc.md 0:5-0:14 o(p).gif",
      ])
    #expect(
      try Self.renamed(client, Self.at(0, 8), to: "open(.gif") == [
        "doc.md 0:21-0:28 <open(.gif>", "doc.md 0:6-0:13 open(.gif",
      ])
    let prepared = try client.request("textDocument/prepareRename", Self.at(0, 36))
    #expect(prepared["placeholder"]?.string == "my file.md")
    #expect(LanguageServer.needsAngles("o(p)(e(n)).gif") == false)
    #expect(LanguageServer.needsAngles("n<ew>.gif") == false)
    #expect(LanguageServer.needsAngles("a\\(b") == false)
    #expect(LanguageServer.needsAngles("a)(b") == true)
  }

  @Test func relativePathsClimbToTheSharedFolder() {
    #expect(LinkPath.relative("/ws/docs/a.md", from: "/ws/sub") == "../docs/a.md")
    #expect(LinkPath.relative("/ws/sub/a.md", from: "/ws/sub") == "a.md")
    #expect(LinkPath.relative("/ws", from: "/ws") == ".")
  }
}
