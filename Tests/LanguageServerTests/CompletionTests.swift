import JSON
import Testing

@testable import LanguageServer
@testable import Workspace

/// Completion of destinations after `](./`, `](../`, `](/` and `](<` as
/// after `](`, a folder at a time, each written as CommonMark reads a
/// destination; no ids after an image's `#`.
@Suite struct CompletionTests {
  static let path = "/ws/sub/new.md"

  static let files = [
    "/ws/a.md": "# A b C\n", "/ws/my docs/e.md": "", "/ws/.git/config": "", "/ws/.notes.md": "",
    "/ws/sub/file with space.md": "", "/ws/sub/(a).md": "", "/ws/sub/a(b.md": "",
    "/ws/sub/a%b.md": "", "/ws/sub/<x>.md": "", "/ws/sub/deep/c.md": "# Deep C\n",
    "/ws/sub/deep/pics/d.png": "",
  ]

  /// The items offered after `link` and `typed`, on a line of their own.
  static func items(_ typed: String, link: String = "[x](") throws -> [JSONValue] {
    let client = try TestClient(MemoryHost(files))
    let line = "See " + link + typed
    client.open(path, "# New Page\n\n" + line)
    let answer = try client.request(
      "textDocument/completion",
      TestClient.document(path, ["position": TestClient.position(2, line.utf16.count)]))
    return answer["items"]?.array ?? []
  }

  /// What each item leaves in the document after `typed` (the text of
  /// the destination, from its first character), sorted.
  static func results(_ typed: String, link: String = "[x](") throws -> [String] {
    let line = "See " + link + typed
    let start = line.utf16.count - typed.utf16.count
    return try items(typed, link: link).map { item -> String in
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
        "./(a).md", "./\\<x\\>.md", "./a%25b.md", "./a\\(b.md", "./deep/",
        "./file%20with%20space.md",
      ])
    // The name typed so far is replaced, whatever it is: the editor filters.
    #expect(try Self.results("./file%20") == found)
  }

  @Test func inAngleBracketsOnlyTheBracketsAreEscaped() throws {
    #expect(
      try Self.results("./", link: "[x](<") == [
        "./(a).md", "./\\<x\\>.md", "./a%b.md", "./a(b.md", "./deep/", "./file with space.md",
      ])
    #expect(try Self.results("./deep/", link: "[x](<") == ["./deep/c.md", "./deep/pics/"])
  }

  @Test func aFolderOffersWhatIsInItAndItsFoldersNoDeeper() throws {
    #expect(try Self.results("deep/") == ["deep/c.md", "deep/pics/"])
    #expect(try Self.results("./deep/pics/") == ["./deep/pics/d.png"])
    // Hidden names (`.git`, `.notes.md`) are left out, as the walk leaves them.
    #expect(try Self.results("../") == ["../a.md", "../my%20docs/", "../sub/"])
    #expect(try Self.results("/") == ["/a.md", "/my%20docs/", "/sub/"])
    #expect(try Self.results("../my%20docs/") == ["../my%20docs/e.md"])
    #expect(try Self.results("/my docs/", link: "[x](<") == ["/my docs/e.md"])
    let here = try Self.results("./").map { "../sub/deep/../" + $0.dropFirst(2) }
    #expect(try Self.results("../sub/deep/../") == here)
    #expect(try Self.results("./sub%20x/") == [])
  }

  /// A folder is shown as `sub/`, of the kind Folder, and asks the editor
  /// to complete again once written, as VS Code's server does.
  @Test func aFolderItemAsksForTheNextCompletion() throws {
    let items = try Self.items("../")
    let folder = try #require(items.first { $0["label"]?.string == "my docs/" })
    #expect(folder["kind"]?.int == 19)
    #expect(folder["textEdit"]?["newText"]?.string == "my%20docs/")
    #expect(folder["command"]?["command"]?.string == "editor.action.triggerSuggest")
    let file = try #require(items.first { $0["label"]?.string == "a.md" })
    #expect(file["kind"]?.int == 17 && file["command"] == nil)
  }

  @Test func nothingTypedOffersTheOwnIdsAndThisFolder() throws {
    #expect(
      try Self.results("") == [
        "#new-page", "(a).md", "\\<x\\>.md", "a%25b.md", "a\\(b.md", "deep/",
        "file%20with%20space.md",
      ])
    #expect(try Self.results("#") == ["#new-page"])
    #expect(try Self.results("http:") == [])
  }

  @Test func anImageIsOfferedPathsButNoIds() throws {
    #expect(try Self.results("#", link: "![alt](") == [])
    #expect(try Self.results("../a.md#", link: "![alt](") == [])
    #expect(try Self.results("../a.md#", link: "[![alt](i.png)](") == ["../a.md#a-b-c"])
    #expect(try Self.results("", link: "![alt](").contains("deep/"))
    #expect(try Self.results("../", link: "![alt](") == ["../a.md", "../my%20docs/", "../sub/"])
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
