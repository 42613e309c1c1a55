@testable import Workspace
import Testing

@testable import LanguageServer

/// Completion of destinations after `](./`, `](../`, `](/` and `](<` as
/// after `](`, each written as CommonMark reads a destination; no ids
/// after an image's `#`.
@Suite struct CompletionTests {
  static let path = "/ws/sub/new.md"

  static let files = [
    "/ws/a.md": "# A b C\n", "/ws/sub/file with space.md": "", "/ws/sub/(a).md": "",
    "/ws/sub/a(b.md": "", "/ws/sub/a%b.md": "", "/ws/sub/<x>.md": "",
    "/ws/sub/deep/c.md": "# Deep C\n",
  ]

  /// What each item leaves in the document after `typed` (the text of
  /// the destination, from its first character), sorted.
  static func results(_ typed: String, link: String = "[x](") throws -> [String] {
    let client = try TestClient(MemoryHost(files))
    let line = "See " + link + typed
    client.open(path, "# New Page\n\n" + line)
    let answer = try client.request(
      "textDocument/completion",
      TestClient.document(path, ["position": TestClient.position(2, line.utf16.count)]))
    let start = line.utf16.count - typed.utf16.count
    return (answer["items"]?.array ?? []).map { item -> String in
      let edit = item["textEdit"]
      let from = edit?["range"]?["start"]?["character"]?.int ?? -1
      let kept = Array(line.utf16)[start..<max(from, start)]
      return String(decoding: kept, as: UTF16.self) + (edit?["newText"]?.string ?? "?")
    }.sorted()
  }

  @Test func pathsAfterDotSlashAreEscapedForADestination() throws {
    let found = try Self.results("./")
    #expect(
      found == [
        "./(a).md", "./\\<x\\>.md", "./a%25b.md", "./a\\(b.md", "./deep/c.md",
        "./deep/c.md#deep-c", "./file%20with%20space.md",
      ])
    // The name typed so far is replaced, whatever it is: the editor filters.
    #expect(try Self.results("./file%20") == found)
  }

  @Test func inAngleBracketsOnlyTheBracketsAreEscaped() throws {
    #expect(
      try Self.results("./", link: "[x](<") == [
        "./(a).md", "./\\<x\\>.md", "./a%b.md", "./a(b.md", "./deep/c.md", "./deep/c.md#deep-c",
        "./file with space.md",
      ])
    #expect(try Self.results("./deep/", link: "[x](<") == ["./deep/c.md", "./deep/c.md#deep-c"])
  }

  @Test func parentAndRootFoldersOfferTheirDocuments() throws {
    let parent = try Self.results("../")
    #expect(parent.contains("../a.md") && parent.contains("../a.md#a-b-c"))
    #expect(parent.contains("../sub/deep/c.md#deep-c"))
    #expect(!parent.contains { $0.hasPrefix("../sub/new.md") })
    let root = try Self.results("/")
    #expect(root == parent.map { "/" + $0.dropFirst(3) })
    #expect(try Self.results("./sub%20x/") == [])
  }

  @Test func nothingTypedOffersTheOwnIdsAndEveryDocument() throws {
    let found = try Self.results("")
    #expect(found.contains("#new-page") && found.contains("../a.md#a-b-c"))
    #expect(found.contains("file%20with%20space.md") && found.contains("deep/c.md"))
    #expect(try Self.results("#") == ["#new-page"])
    #expect(try Self.results("http:") == [])
  }

  @Test func anImageIsOfferedPathsButNoIds() throws {
    #expect(try Self.results("#", link: "![alt](") == [])
    #expect(try Self.results("../a.md#", link: "![alt](") == [])
    #expect(try Self.results("../a.md#", link: "[![alt](i.png)](") == ["../a.md#a-b-c"])
    let paths = try Self.results("../", link: "![alt](")
    #expect(paths.contains("../a.md") && !paths.contains { $0.contains("#") })
  }

  @Test func escapedPathFollowsCommonMark() {
    #expect(LanguageServer.escapedPath("a b%(c).md", angled: false) == "a%20b%25(c).md")
    #expect(LanguageServer.escapedPath("a)b(.md", angled: false) == "a\\)b\\(.md")
    #expect(LanguageServer.escapedPath("<a> b\\.md", angled: true) == "\\<a\\> b\\\\.md")
    #expect(LanguageServer.escapedPath("テ ス\tト.md", angled: false) == "テ%20ス%09ト.md")
  }
}

extension CompletionTests {
  @Test func anAngleBracketAsksForCompletionToo() throws {
    let client = try TestClient(MemoryHost(Self.files), initialize: false)
    let result = try client.request("initialize", .object(["rootUri": .string("file:///ws")]))
    let triggers = result["capabilities"]?["completionProvider"]?["triggerCharacters"]?.array
    #expect(triggers?.compactMap(\.string) == ["#", "(", "/", "<"])
  }
}
