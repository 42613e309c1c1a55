@testable import Workspace
import JSON
import Links
import Outline
import Parallel
import Testing

@testable import LanguageServer

/// The workspace's index: kept between runs and trusted, file by file,
/// only while a file's size and modification time are unchanged; a kept
/// index that does not read (garbage, torn, another version's) is ignored
/// and written again; and its progress shown to a client that shows it.
@Suite struct WorkspaceIndexTests {
  /// A workspace in memory whose files have stamps, with a cache folder
  /// in memory too.
  struct StampedHost: WorkspaceHost {
    let memory: MemoryHost
    let stamps: Lock<[String: FileStamp]>
    let kept: Lock<[String: [UInt8]]>

    init(_ files: [String: String], kept: Lock<[String: [UInt8]]> = Lock([:])) {
      memory = MemoryHost(files)
      stamps = Lock(
        Dictionary(
          uniqueKeysWithValues: files.map {
            ($0.key, FileStamp(size: $0.value.utf8.count, modified: 1))
          }))
      self.kept = kept
    }

    /// Writes `text` at `path`, its stamp moved on when `stamped`.
    func write(_ path: String, _ text: String, stamped: Bool = true) {
      memory.store.withLock { $0[path] = text }
      guard stamped else { return }
      stamps.withLock { stamps in
        stamps[path] = FileStamp(size: text.utf8.count, modified: (stamps[path]?.modified ?? 0) + 1)
      }
    }

    func remove(_ path: String) {
      memory.store.withLock { $0[path] = nil }
      stamps.withLock { $0[path] = nil }
    }

    func load(_ path: String) -> [UInt8]? { memory.load(path) }
    func kind(of path: String) -> TargetKind { memory.kind(of: path) }
    func documents(under folder: String) -> [String] { memory.documents(under: folder) }
    func outlineOptions(forDocumentAt path: String) -> OutlineOptions { OutlineOptions() }
    func repositoryRoot(of path: String) -> String? { nil }
    func updatedToc(of bytes: [UInt8], path: String) -> [UInt8]? { nil }
    func stamp(of path: String) -> FileStamp? { stamps.withLock { $0[path] } }
    func keptIndex(named name: String) -> [UInt8]? { kept.withLock { $0[name] } }
    func keepIndex(_ bytes: [UInt8], named name: String) { kept.withLock { $0[name] = bytes } }
  }

  /// A server on `host` for the folder `/ws`, initialized and indexed;
  /// what it sent.
  static func start(_ host: StampedHost, showsProgress: Bool = false) -> (
    LanguageServer, Lock<[JSONValue]>
  ) {
    let sent = Lock<[JSONValue]>([])
    let server = LanguageServer(host: host, version: "test") { body in
      let value = try! JSONParser.parse(Array(body.utf8))
      sent.withLock { $0.append(value) }
    }
    let window: JSONValue = .object(["workDoneProgress": .bool(showsProgress)])
    _ = server.receive(
      Array(
        JSONValue.object([
          "jsonrpc": .string("2.0"), "id": .int(1), "method": .string("initialize"),
          "params": .object([
            "rootUri": .string("file:///ws"), "capabilities": .object(["window": window]),
          ]),
        ]).text.utf8))
    _ = server.receive(Array(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#.utf8))
    server.waitForIndex()
    return (server, sent)
  }

  /// The workspace's symbols for `query`, as `title file`.
  static func symbols(_ server: LanguageServer, _ sent: Lock<[JSONValue]>, _ query: String = "")
    -> [String]
  {
    _ = server.receive(
      Array(
        JSONValue.object([
          "jsonrpc": .string("2.0"), "id": .int(2), "method": .string("workspace/symbol"),
          "params": .object(["query": .string(query)]),
        ]).text.utf8))
    let reply = sent.withLock { $0.last { $0["id"] == .int(2) && $0["method"] == nil } }
    return (reply?["result"]?.array ?? []).map {
      let file = $0["location"]?["uri"]?.string?.split(separator: "/").last ?? "?"
      return "\($0["name"]?.string ?? "?") \(file)"
    }
  }

  static let name = IndexCache.name(folders: ["/ws"])

  @Test func aSecondStartTrustsTheKeptIndexWhileAFilesStampIsUnchanged() {
    let kept = Lock<[String: [UInt8]]>([:])
    let host = StampedHost(
      ["/ws/a.md": "# Alpha\n", "/ws/b.md": "# Beta\n", "/ws/c.md": "# Gamma\n"], kept: kept)
    let (first, firstSent) = Self.start(host)
    #expect(Self.symbols(first, firstSent) == ["Alpha a.md", "Beta b.md", "Gamma c.md"])
    #expect(kept.withLock { $0[Self.name] } != nil)
    // a.md changes behind the stamp's back: its kept headings stand. b.md
    // changes as files do, c.md goes, d.md comes.
    host.write("/ws/a.md", "# Changed\n", stamped: false)
    host.write("/ws/b.md", "# Bravo\n")
    host.remove("/ws/c.md")
    host.write("/ws/d.md", "# Delta\n")
    let (second, secondSent) = Self.start(host)
    #expect(Self.symbols(second, secondSent) == ["Alpha a.md", "Bravo b.md", "Delta d.md"])
    // Kept again, as now.
    let rewritten = kept.withLock { $0[Self.name] }.flatMap {
      IndexCache.decode($0, version: "test")
    }
    #expect(rewritten?.keys.sorted() == ["/ws/a.md", "/ws/b.md", "/ws/d.md"])
    #expect(rewritten?["/ws/b.md"]?.headings.map(\.title) == ["Bravo"])
    // Once the stamp moves, the file is read again.
    host.write("/ws/a.md", "# Changed again\n")
    let (third, thirdSent) = Self.start(host)
    #expect(Self.symbols(third, thirdSent, "chan") == ["Changed again a.md"])
  }

  @Test func aKeptIndexThatDoesNotReadIsIgnoredAndWrittenAgain() throws {
    let files = ["/ws/a.md": "# Alpha\n\n## Alpine\n", "/ws/b.md": "# Beta\n"]
    let good = IndexCache.encode(
      [
        "/ws/a.md": IndexedDocument(
          stamp: FileStamp(size: files["/ws/a.md"]!.utf8.count, modified: 1),
          key: WorkspaceIndex.key(OutlineOptions()),
          headings: [
            IndexedHeading(
              level: 1, title: "Wrong",
              range: TextRange(
                start: TextPosition(line: 0, character: 0),
                end: TextPosition(line: 0, character: 7)))
          ])
      ], version: "test")
    let foreign = IndexCache.encode(
      IndexCache.decode(good, version: "test")!, version: "another version")
    for bytes in [
      Array("not an index at all".utf8), [], Array(good.dropLast(3)), good + [0], foreign,
      Array(good.prefix(IndexCache.magic.count + 8)) + Array(repeating: 0xFF, count: 64),
    ] {
      let kept = Lock([Self.name: bytes])
      let (server, sent) = Self.start(StampedHost(files, kept: kept))
      #expect(Self.symbols(server, sent, "al") == ["Alpha a.md", "Alpine a.md"])
      let rewritten = kept.withLock { $0[Self.name] }.flatMap {
        IndexCache.decode($0, version: "test")
      }
      #expect(rewritten?["/ws/a.md"]?.headings.map(\.title) == ["Alpha", "Alpine"])
    }
    // The good one is read: its stamp is a.md's, so its title stands.
    let (server, sent) = Self.start(StampedHost(files, kept: Lock([Self.name: good])))
    #expect(Self.symbols(server, sent) == ["Wrong a.md", "Beta b.md"])
  }

  @Test func everyTornIndexReadsAsNone() {
    let documents = [
      "/ws/ü.md": IndexedDocument(
        stamp: FileStamp(size: 40, modified: 1_700_000_000_123_456_789), key: "github 20000",
        headings: [
          IndexedHeading(
            level: 2, title: "Ünïcode 😀",
            range: TextRange(
              start: TextPosition(line: 3, character: 0),
              end: TextPosition(line: 3, character: 14)))
        ]),
      "/ws/empty.md": IndexedDocument(stamp: nil, key: "kramdown 20000", headings: []),
    ]
    let bytes = IndexCache.encode(documents, version: "1.0")
    #expect(IndexCache.decode(bytes, version: "1.0") == documents)
    #expect(IndexCache.decode(bytes, version: "1.1") == nil)
    for length in 0..<bytes.count {
      #expect(IndexCache.decode(Array(bytes.prefix(length)), version: "1.0") == nil)
    }
  }

  @Test func theIndexShowsItsProgressToAClientThatShowsIt() throws {
    var files: [String: String] = [:]
    for number in 0..<40 { files["/ws/\(number).md"] = "# Part \(number)\n" }
    let (_, sent) = Self.start(StampedHost(files), showsProgress: true)
    let messages = sent.withLock { $0 }
    let create = try #require(
      messages.firstIndex { $0["method"]?.string == "window/workDoneProgress/create" })
    let token = try #require(messages[create]["params"]?["token"])
    let progress = messages.filter { $0["method"]?.string == "$/progress" }
    #expect(progress.allSatisfy { $0["params"]?["token"] == token })
    let kinds = progress.compactMap { $0["params"]?["value"]?["kind"]?.string }
    #expect(kinds.first == "begin")
    #expect(kinds.last == "end")
    #expect(kinds.dropFirst().dropLast().allSatisfy { $0 == "report" })
    #expect(kinds.count > 2)
    let percentages = progress.compactMap { $0["params"]?["value"]?["percentage"]?.int }
    #expect(percentages == percentages.sorted())
    #expect(percentages.last == 100)
    // The request comes before the first notification under its token.
    #expect(
      create < messages.firstIndex { $0["method"]?.string == "$/progress" } ?? -1)
    let (_, quiet) = Self.start(StampedHost(files), showsProgress: false)
    #expect(
      !quiet.withLock { $0 }.contains {
        $0["method"]?.string == "$/progress"
          || $0["method"]?.string == "window/workDoneProgress/create"
      })
  }
}
