import JSON
import LanguageServer
import Testing

@testable import Workspace

/// Files and folders renamed or moved (`workspace/willRenameFiles`): the
/// one edit that keeps every link leading where it led, applied as an
/// editor applies it before it moves the files; and references to a file
/// from a link's path.
@Suite struct FileRenameTests {
  /// A server on `files`, initialized for `/ws` by a client that takes
  /// `documentChanges` or not, with `open` open in the editor.
  static func client(
    _ files: [String: String], open: [String], documentChanges: Bool, folders: [String] = ["/ws"],
    options: JSONValue = .object([:]), host: MemoryHost? = nil
  ) throws -> TestClient {
    let client = try TestClient(host ?? MemoryHost(files), initialize: false)
    let reply = try client.request(
      "initialize",
      .object([
        "rootUri": .string("file:///ws"), "initializationOptions": options,
        "workspaceFolders": .array(
          folders.map { .object(["uri": .string("file://" + $0), "name": .string($0)]) }),
        "capabilities": .object([
          "workspace": .object([
            "workspaceEdit": .object(["documentChanges": .bool(documentChanges)])
          ])
        ]),
      ]))
    let filters = reply["capabilities"]?["workspace"]?["fileOperations"]?["willRename"]?["filters"]
    #expect(filters?.array?.first?["pattern"]?["glob"]?.string == "**/*")
    client.notify("initialized", .object([:]))
    client.server.waitForIndex()
    for path in open { client.open(path, files[path]!, version: 7) }
    return client
  }

  /// The server's answer to renaming each `old` to `new` (paths under
  /// `/ws`), sent as `file:` URIs percent-encoded.
  static func edit(_ client: TestClient, _ moves: [(String, String)]) throws -> JSONValue {
    func uri(_ path: String) -> JSONValue {
      var encoded = "file:///ws/"
      for character in path {
        let codes = ["%": "%25", " ": "%20", "#": "%23", "<": "%3C", ">": "%3E"]
        encoded += codes[String(character)] ?? String(character)
      }
      return .string(encoded)
    }
    return try client.request(
      "workspace/willRenameFiles",
      .object([
        "files": .array(moves.map { .object(["oldUri": uri($0.0), "newUri": uri($0.1)]) })
      ]))
  }

  /// The documents of `files` once the edit for `moves` is applied and
  /// the files are moved, by path under `/ws`: only those that changed.
  static func renamed(
    _ files: [String: String], _ moves: [(String, String)], open: [String] = [],
    documentChanges: Bool = false, options: JSONValue = .object([:])
  ) throws -> [String: String] {
    let client = try Self.client(
      files, open: open, documentChanges: documentChanges, options: options)
    let result = try Self.edit(client, moves)
    var edits: [(String, [JSONValue])] = []
    if documentChanges {
      for change in result["documentChanges"]?.array ?? [] {
        let uri = change["textDocument"]?["uri"]?.string ?? "?"
        let version = change["textDocument"]?["version"]
        #expect(version == (open.contains { uri == "file://" + $0 } ? .int(7) : .null))
        edits.append((uri, change["edits"]?.array ?? []))
      }
    } else if case .object(let changes)? = result["changes"] {
      edits = changes.map { ($0.key, $0.value.array ?? []) }
    }
    var texts = files
    for (uri, list) in edits {
      let path = String(uri.dropFirst("file://".count))
      let lines = TextLines(Array(texts[path, default: ""].utf8))
      var bytes = lines.bytes
      let ranges = try list.map {
        (try lines.offsets(of: TextRange($0["range"])), $0["newText"]?.string ?? "")
      }
      for (range, text) in ranges.sorted(by: { $0.0.lowerBound > $1.0.lowerBound }) {
        bytes.replaceSubrange(range, with: Array(text.utf8))
      }
      texts[path] = String(decoding: bytes, as: UTF8.self)
    }
    var moved: [String: String] = [:]
    for (path, text) in texts
    where text != files[path]
      || moves.contains(where: { "/ws/" + $0.0 == path || path.hasPrefix("/ws/" + $0.0 + "/") })
    {
      var name = String(path.dropFirst("/ws/".count))
      for (old, new) in moves where name == old || name.hasPrefix(old + "/") {
        name = new + name.dropFirst(old.count)
        break
      }
      moved[name] = text
    }
    return moved
  }

  @Test func everyLinkToARenamedFileFollowsIt() throws {
    let files = [
      "/ws/doc.md": """
      # Doc 😀

      😀 [a](old.md) [b](./old.md#part) [c](/old.md?plain=1#part) ![d](<old.md>)
      [e][r] and [f](other.md) and <a href="old.md#part">g</a> and [h](#doc-)

      [r]: ./old.md 'title'
      """,
      "/ws/sub/deep.md": "[back](../old.md#part)\n",
      "/ws/old.md": "# Old\n\n## Part\n",
      "/ws/other.md": "# Other\n",
    ]
    #expect(
      try Self.renamed(files, [("old.md", "guides/new name.md")]) == [
        "doc.md": """
        # Doc 😀

        😀 [a](guides/new%20name.md) [b](./guides/new%20name.md#part) [c](/guides/new%20name.md?plain=1#part) ![d](<guides/new name.md>)
        [e][r] and [f](other.md) and <a href="guides/new%20name.md#part">g</a> and [h](#doc-)

        [r]: ./guides/new%20name.md 'title'
        """,
        "sub/deep.md": "[back](../guides/new%20name.md#part)\n",
        "guides/new name.md": "# Old\n\n## Part\n",
      ])
  }

  @Test func removeExtensionWritesRenamedDocumentsWithoutIt() throws {
    let files = [
      "/ws/doc.md":
        "[a](old.md#part) [b](/old.md) [c](pic.png) [d](sub/)\n\n[r]: ./old.md\n[q][r]\n",
      "/ws/old.md": "", "/ws/pic.png": "", "/ws/sub/x.md": "",
    ]
    let moves = [("old.md", "guide/new.md"), ("pic.png", "img/pic.png"), ("sub", "docs")]
    let removed = JSONValue.object(["preferredMdPathExtensionStyle": .string("removeExtension")])
    #expect(
      try Self.renamed(files, moves, options: removed)["doc.md"]
        == "[a](guide/new#part) [b](/guide/new) [c](img/pic.png) [d](docs/)\n\n[r]: ./guide/new\n[q][r]\n"
    )
    // By default, and with includeExtension, a renamed document keeps it.
    for options in [
      JSONValue.object([:]),
      .object(["preferredMdPathExtensionStyle": .string("includeExtension")]),
    ] {
      #expect(
        try Self.renamed(files, moves, options: options)["doc.md"]
          == "[a](guide/new.md#part) [b](/guide/new.md) [c](img/pic.png) [d](docs/)\n\n[r]: ./guide/new.md\n[q][r]\n"
      )
    }
  }

  @Test func afterTheMoveTheIndexKnowsTheNewPaths() throws {
    let files = [
      "/ws/doc.md": "[a](guides/new.md) [b](docs/c.md)\n",
      "/ws/old.md": "# Moved heading\n", "/ws/notes/c.md": "# Deep heading\n",
    ]
    let host = MemoryHost(files)
    let client = try Self.client(
      files, open: ["/ws/doc.md"], documentChanges: false, host: host)
    #expect(client.diagnostics("/ws/doc.md").count == 2)
    let moves = [("old.md", "guides/new.md"), ("notes", "docs")]
    host.store.withLock { store in
      store["/ws/guides/new.md"] = store.removeValue(forKey: "/ws/old.md")
      store["/ws/docs/c.md"] = store.removeValue(forKey: "/ws/notes/c.md")
    }
    client.notify(
      "workspace/didRenameFiles",
      .object([
        "files": .array(
          moves.map {
            .object([
              "oldUri": .string("file:///ws/" + $0.0), "newUri": .string("file:///ws/" + $0.1),
            ])
          })
      ]))
    for (query, path) in [("moved", "/ws/guides/new.md"), ("deep", "/ws/docs/c.md")] {
      let found = try client.request("workspace/symbol", .object(["query": .string(query)]))
      #expect(found.array?.map { $0["location"]?["uri"]?.string ?? "?" } == ["file://" + path])
    }
    #expect(client.diagnostics("/ws/doc.md").isEmpty)
  }

  @Test func aMovedDocumentsOwnLinksFollowIt() throws {
    let files = [
      "/ws/sub/doc.md": """
      [a](../a.md) [b](./b.md#x) [c](/a.md) [d](#top) [e](missing) [f](./) [g](doc.md#top)

      [r]: b.md
      """,
      "/ws/a.md": "", "/ws/sub/b.md": "",
    ]
    #expect(
      try Self.renamed(files, [("sub/doc.md", "doc.md")], open: ["/ws/sub/doc.md"]) == [
        "doc.md": """
        [a](a.md) [b](./sub/b.md#x) [c](/a.md) [d](#top) [e](sub/missing) [f](./sub/) [g](doc.md#top)

        [r]: sub/b.md
        """
      ])
  }

  /// A folder moved deeper: the links into it, the links of its
  /// documents out of it; those between its own documents stay.
  @Test func aMovedFolderCarriesItsLinks() throws {
    let files = [
      "/ws/top.md": "[a](old/a.md#x) [b](/old/b.md) [o](old/) [p](old)\n",
      "/ws/old/a.md": "[top](../top.md) [b](b.md) [b2](../old/b.md) [self](/old/a.md)\n",
      "/ws/old/b.md": "",
    ]
    #expect(
      try Self.renamed(files, [("old", "new/deep")], documentChanges: true) == [
        "top.md": "[a](new/deep/a.md#x) [b](/new/deep/b.md) [o](new/deep/) [p](new/deep)\n",
        "new/deep/a.md": "[top](../../top.md) [b](b.md) [b2](b.md) [self](/new/deep/a.md)\n",
        "new/deep/b.md": "",
      ])
  }

  /// Renamed and moved at once, with open documents: versioned
  /// `documentChanges`, each at the path the editor has before the move.
  @Test func severalMovesAtOnceGiveOneVersionedEdit() throws {
    let files = [
      "/ws/doc.md": "[cat](images/cat.gif) [dog](./dog.png) [x](other.md)\n",
      "/ws/images/cat.gif": "", "/ws/dog.png": "", "/ws/other.md": "[d](doc.md)\n",
    ]
    let moves = [("doc.md", "pets/doc.md"), ("images/cat.gif", "pets/kitty.gif")]
    #expect(
      try Self.renamed(files, moves, open: ["/ws/doc.md"], documentChanges: true) == [
        "pets/doc.md": "[cat](kitty.gif) [dog](../dog.png) [x](../other.md)\n",
        "other.md": "[d](pets/doc.md)\n",
        "pets/kitty.gif": "",
      ])
  }

  /// An angle-bracketed destination keeps its brackets; a name that needs
  /// escapes gets them; an `x.html` that `isle check` reads as the `x.md`
  /// beside it follows that file under its new `.html` name.
  @Test func escapesBracketsAndPublishedNames() throws {
    let files = [
      "/ws/doc.md": "[a](<old.md#x>) [b](old.md) [c](page.html#top)\n\n[d]: <old.md>\n",
      "/ws/old.md": "", "/ws/page.md": "# Top\n",
    ]
    #expect(
      try Self.renamed(files, [("old.md", "<a> (b#c.md"), ("page.md", "intro.md")]) == [
        "doc.md":
          "[a](<\\<a\\> (b%23c.md#x>) [b](\\<a\\>%20\\(b%23c.md) [c](intro.html#top)\n\n[d]: <\\<a\\> (b%23c.md>\n",
        "<a> (b#c.md": "", "intro.md": "# Top\n",
      ])
  }

  /// A document under two workspace folders, one inside the other, is
  /// edited once (its edits twice over would overlap).
  @Test func aDocumentUnderTwoFoldersIsEditedOnce() throws {
    let files = ["/ws/sub/doc.md": "[a](a.md)\n", "/ws/sub/a.md": ""]
    let client = try Self.client(
      files, open: [], documentChanges: false, folders: ["/ws", "/ws/sub"])
    let edit = try Self.edit(client, [("sub/a.md", "sub/b.md")])
    #expect(edit["changes"]?["file:///ws/sub/doc.md"]?.array?.count == 1)
  }

  @Test func nothingLinkedGivesNoEdit() throws {
    let client = try Self.client(
      ["/ws/doc.md": "[a](a.md) [h](#top)\n", "/ws/a.md": "", "/ws/b.png": ""], open: [],
      documentChanges: false)
    #expect(try Self.edit(client, [("b.png", "c.png")]) == .null)
    #expect(try Self.edit(client, [("doc.md", "doc2.md")]) == .null)
  }

  /// References on a link's path are every link to its file, each at its
  /// path (with a fragment or without, a definition, from another
  /// document, a file not there); on its fragment, the heading's.
  @Test func referencesToAFileFromALinksPath() throws {
    let doc = MarkedText(
      """
      # Doc

      [a](«other.md») [b](«./other.md»#part) ![c](«missing.png») [d][r]

      [r]: «/other.md»
      """)
    let more = MarkedText("[o](«../other.md»#other) [m](«../missing.png») [self](more.md)\n")
    let files = [
      "/ws/doc.md": doc.text, "/ws/other.md": "# Other\n\n## Part\n", "/ws/sub/more.md": more.text,
    ]
    let client = try Self.client(files, open: ["/ws/doc.md"], documentChanges: false)
    func references(_ line: Int, _ character: Int) throws -> [String] {
      let found = try client.request(
        "textDocument/references",
        TestClient.document(
          "/ws/doc.md",
          [
            "position": TestClient.position(line, character),
            "context": .object(["includeDeclaration": .bool(true)]),
          ]))
      return (found.array ?? []).map {
        ($0["uri"]?.string?.split(separator: "/").last.map(String.init) ?? "?") + " "
          + MarkedText.shown($0)
      }.sorted()
    }
    let toOther =
      [doc.ranges[0], doc.ranges[1], doc.ranges[3]].map { "doc.md " + MarkedText.shown($0) }
      + ["more.md " + MarkedText.shown(more.ranges[0])]
    #expect(try references(2, 6) == toOther.sorted())
    #expect(try references(4, 8) == toOther.sorted())
    #expect(
      try references(2, 44) == [
        "doc.md " + MarkedText.shown(doc.ranges[2]), "more.md " + MarkedText.shown(more.ranges[1]),
      ])
    // On the fragment: the heading and the link to it.
    #expect(try references(2, 30) == ["doc.md 2:18-2:33", "other.md 2:0-2:7"])
  }
}
