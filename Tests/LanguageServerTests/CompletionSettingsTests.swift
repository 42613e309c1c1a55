import JSON
import Parallel
import Testing

@testable import LanguageServer
@testable import Workspace

/// The two settings of VS Code's that path completion reads, from
/// `initializationOptions` and from `workspace/didChangeConfiguration`:
/// `excludePaths` (what is not offered) and
/// `preferredMdPathExtensionStyle` (Markdown documents without `.md`).
@Suite struct CompletionSettingsTests {
  static let path = "/ws/new.md"

  static let files = [
    "/ws/a.md": "", "/ws/b.md": "", "/ws/.other.md": "", "/ws/sub/file.md": "",
    "/ws/docs/guide.markdown": "", "/ws/docs/page.html": "", "/ws/docs/sub/x.md": "",
    "/ws/img/logo.png": "",
  ]

  /// A client whose settings are `options`, with the document open.
  static func client(_ options: JSONValue = .object([:])) throws -> TestClient {
    let client = try TestClient(MemoryHost(files), options: options)
    client.open(path, "# New\n")
    return client
  }

  /// What each item leaves on the line `line` (the cursor at its end),
  /// sorted.
  static func results(_ client: TestClient, _ line: String) throws -> [String] {
    let version = versions.withLock { version in
      version += 1
      return version
    }
    client.change(path, version: version, [.object(["text": .string("# New\n" + line)])])
    let answer = try client.request(
      "textDocument/completion",
      TestClient.document(path, ["position": TestClient.position(1, line.utf16.count)]))
    return (answer["items"]?.array ?? []).map { item -> String in
      let edit = item["textEdit"]
      let from = edit?["range"]?["start"]?["character"]?.int ?? -1
      let kept = Array(line.utf16)[0..<max(from, 0)]
      return String(decoding: kept, as: UTF16.self) + (edit?["newText"]?.string ?? "?")
    }.sorted()
  }

  /// The versions of the document's changes, each new.
  static let versions = Lock(1)

  static func globs(_ globs: String...) -> JSONValue {
    .object(["excludePaths": .array(globs.map { .string($0) })])
  }

  /// VS Code's own case: `**/sub/**` leaves out the folder `sub` and all
  /// in it, wherever it is; `**/.*` the hidden names (left out anyway).
  @Test func anExcludedFolderAndAllInItAreNotOffered() throws {
    let client = try Self.client(Self.globs("**/sub/**", "**/.*"))
    #expect(
      try Self.results(client, "[def]: ./") == [
        "[def]: ./a.md", "[def]: ./b.md", "[def]: ./docs/", "[def]: ./img/",
      ])
    #expect(
      try Self.results(client, "[x](docs/") == ["[x](docs/guide.markdown", "[x](docs/page.html"])
    #expect(try Self.results(client, "[x](./sub/") == [])
    // Without the setting, all of it.
    let plain = try Self.client()
    #expect(try Self.results(plain, "[x](./docs/").contains("[x](./docs/sub/"))
    #expect(try Self.results(plain, "[x](").contains("[x](sub/"))
  }

  /// A glob is matched against the path from the workspace folder, a
  /// folder's with or without its `/`; under `isle` too.
  @Test func globsAreReadFromTheWorkspaceFolder() throws {
    let options = JSONValue.object(["isle": Self.globs("img/*.png", "docs", "b.*")])
    let client = try Self.client(options)
    #expect(try Self.results(client, "[x](") == ["[x](#new", "[x](a.md", "[x](img/", "[x](sub/"])
    #expect(try Self.results(client, "[x](img/") == [])
    // Nor what is in an excluded folder, when its path is typed.
    #expect(try Self.results(client, "[x](./docs/sub/") == [])
  }

  /// A new configuration replaces the old one whole.
  @Test func aChangedConfigurationIsTakenAtOnce() throws {
    let client = try Self.client()
    client.notify("workspace/didChangeConfiguration", .object(["settings": Self.globs("**/docs")]))
    #expect(!(try Self.results(client, "[x](")).contains("[x](docs/"))
    client.notify(
      "workspace/didChangeConfiguration",
      .object(["settings": .object(["preferredMdPathExtensionStyle": .string("removeExtension")])])
    )
    #expect(try Self.results(client, "[x](").contains("[x](docs/"))
    #expect(try Self.results(client, "[x](").contains("[x](a"))
  }

  /// VS Code's case: with `removeExtension` a Markdown document is
  /// offered without its extension; an HTML page, an image and a folder
  /// keep their names.
  @Test func removeExtensionOffersMarkdownWithoutIt() throws {
    let removed = JSONValue.object(["preferredMdPathExtensionStyle": .string("removeExtension")])
    let client = try Self.client(removed)
    #expect(
      try Self.results(client, "[](./") == [
        "[](./a", "[](./b", "[](./docs/", "[](./img/", "[](./sub/",
      ])
    #expect(
      try Self.results(client, "[](docs/") == [
        "[](docs/guide", "[](docs/page.html", "[](docs/sub/",
      ])
    #expect(try Self.results(client, "[](img/") == ["[](img/logo.png"])
    for style in ["includeExtension", "auto"] {
      let kept = try Self.client(.object(["preferredMdPathExtensionStyle": .string(style)]))
      #expect(try Self.results(kept, "[](./").contains("[](./a.md"))
    }
  }
}
