import JSON
import LanguageServer
import Testing

@testable import Workspace

/// Reference labels and definitions: the diagnostics of labels no
/// definition has, of labels defined twice and of definitions nothing
/// uses; the settings that turn checks on and off; and the code actions
/// that extract, remove and organize definitions.
@Suite struct LinkDefinitionTests {
  static let path = "/ws/refs.md"

  /// A client with `text` open at `path`, initialized with `options`.
  static func client(_ text: String, options: JSONValue = .object([:])) throws -> TestClient {
    let client = try TestClient(MemoryHost(["/ws/other.md": "# Other\n"]), options: options)
    client.open(path, text)
    return client
  }

  /// The code actions at `line`:`character` (`only` the kinds given),
  /// each as its title and the text its edit leaves.
  static func actions(
    _ client: TestClient, _ text: String, at line: Int, _ character: Int, only: [String]? = nil
  ) throws -> [String: String] {
    var context: [String: JSONValue] = ["diagnostics": .array([])]
    if let only { context["only"] = .array(only.map { .string($0) }) }
    let position = TestClient.position(line, character)
    let found = try client.request(
      "textDocument/codeAction",
      TestClient.document(
        path,
        [
          "range": .object(["start": position, "end": position]), "context": .object(context),
        ]))
    var result: [String: String] = [:]
    for action in found.array ?? [] {
      let edits = action["edit"]?["changes"]?["file://" + path]?.array ?? []
      result[action["title"]?.string ?? "?"] = try applied(edits, to: text)
    }
    return result
  }

  /// `text` with `edits` made, each against the text as it was.
  static func applied(_ edits: [JSONValue], to text: String) throws -> String {
    let lines = TextLines(Array(text.utf8))
    var bytes = lines.bytes
    let spans = try edits.map { edit in
      (lines.offsets(of: try TextRange(edit["range"])), Array((edit["newText"]?.string ?? "").utf8))
    }
    for (range, new) in spans.sorted(by: { $0.0.lowerBound > $1.0.lowerBound }) {
      bytes.replaceSubrange(range, with: new)
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  @Test func undefinedLabelsAndDuplicatesAreWarnings() throws {
    let text = """
      [one][a] and [two][nope] and [three][] and [sic] and `[x][y]` and \\[p\\][q]

      [a]: other.md
      [A]: other.md
      """
    let client = try Self.client(text)
    #expect(
      client.diagnostics(Self.path) == [
        "0:19 undefined-reference no definition of [nope]",
        "0:30 undefined-reference no definition of [three]",
        "2:1 duplicate-definition [a] is defined more than once: the first definition counts",
        "3:1 duplicate-definition [A] is defined more than once: the first definition counts",
      ])
  }

  @Test func unusedDefinitionsAreShownWhenAsked() throws {
    let text = "[used]\n\n[used]: other.md\n[spare]: other.md \"title\"\n"
    for (options, severity) in [
      (JSONValue.object(["validateUnusedLinkDefinitions": .string("hint")]), 4),
      (.object(["validateUnusedLinkDefinitions": .string("warning")]), 2),
    ] {
      let client = try Self.client(text, options: options)
      #expect(
        client.diagnostics(Self.path) == [
          "3:0 unused-definition no link uses the definition [spare]"
        ])
      let published = client.notifications("textDocument/publishDiagnostics").last
      let diagnostic = published?["diagnostics"]?.array?.first
      #expect(diagnostic?["severity"]?.int == severity)
      #expect(MarkedText.shown(diagnostic) == "3:0-3:25")
    }
    #expect(try Self.client(text).diagnostics(Self.path).isEmpty)
  }

  @Test func settingsSilenceLinksAndChangeWithTheConfiguration() throws {
    let text = "[a](/images/x/y.png)\n[b](nope.md)\n[c](#nowhere)\n"
    let options = JSONValue.object([
      "ignoreLinks": .array([.string("/images/**/*.png")]),
      "validateFileLinks": .string("error"),
    ])
    let client = try Self.client(text, options: options)
    #expect(
      client.diagnostics(Self.path) == [
        "1:4 no-file no file nope.md", "2:4 no-heading no heading #nowhere in /ws/refs.md",
      ])
    let severities = client.notifications("textDocument/publishDiagnostics").last?["diagnostics"]?
      .array?.map { $0["severity"]?.int ?? 0 }
    #expect(severities == [1, 2])
    client.notify(
      "workspace/didChangeConfiguration",
      .object([
        "settings": .object([
          "isle": .object(["validateFragmentLinks": .string("ignore"), "ignoreLinks": .array([])])
        ])
      ]))
    #expect(
      client.diagnostics(Self.path) == [
        "0:4 no-file no file /images/x/y.png", "1:4 no-file no file nope.md",
      ])
  }

  @Test func aLinkIsExtractedIntoADefinitionWithItsTwins() throws {
    let text = "A [x](<a b.md> \"t\") and ![y](<a b.md> \"t\") and [z](a.md).\n\n[def]: other.md\n"
    let client = try Self.client(text)
    let actions = try Self.actions(client, text, at: 0, 4)
    #expect(
      actions["Extract to link definition"]
        == "A [x][def1] and ![y][def1] and [z](a.md).\n\n[def]: other.md\n[def1]: <a b.md> \"t\"\n")
    // Not on a link, nor on a reference: nothing to extract.
    #expect(try Self.actions(client, text, at: 0, 1)["Extract to link definition"] == nil)
    let autolink = "See <https://example.com/x> here."
    client.open("/ws/auto.md", autolink)
    let found = try client.request(
      "textDocument/codeAction",
      TestClient.document(
        "/ws/auto.md",
        [
          "range": .object(["start": TestClient.position(0, 6), "end": TestClient.position(0, 6)]),
          "context": .object(["diagnostics": .array([])]),
        ]))
    let edits =
      found.array?.first { $0["kind"]?.string == "refactor.extract" }?["edit"]?[
        "changes"]?["file:///ws/auto.md"]?.array ?? []
    #expect(
      try Self.applied(edits, to: autolink) == "See [def] here.\n\n[def]: https://example.com/x")
  }

  @Test func anUnusedOrDuplicateDefinitionIsRemovedWhole() throws {
    let text = "[b] text\n\n[a]: one.md\n[b]: two.md\n[b]: three.md"
    let client = try Self.client(text)
    #expect(
      try Self.actions(client, text, at: 2, 2)["Remove unused link definition [a]"]
        == "[b] text\n\n[b]: two.md\n[b]: three.md")
    #expect(
      try Self.actions(client, text, at: 4, 2)["Remove unused link definition [b]"]
        == "[b] text\n\n[a]: one.md\n[b]: two.md")
    #expect(
      try Self.actions(client, text, at: 3, 2)["Remove duplicate link definition [b]"]
        == "[b] text\n\n[a]: one.md\n[b]: three.md")
    #expect(try Self.actions(client, text, at: 0, 1).keys.filter { $0.hasPrefix("Remove") }.isEmpty)
  }

  @Test func anUndefinedLabelIsChangedToTheNearOne() throws {
    let text = "[x][instal]\n\n[install]: other.md\n"
    let client = try Self.client(text)
    #expect(
      try Self.actions(client, text, at: 0, 6)["Change to [install]"]
        == "[x][install]\n\n[install]: other.md\n")
  }

  @Test func definitionsAreOrganizedAtTheEnd() throws {
    let text =
      "# T\n\n[b]: two.md\n\nUses [b] and [c].\n\n> [q]: quoted.md\n\n[c]: three.md\n[a]: one.md\n"
    let client = try Self.client(text)
    let actions = try Self.actions(client, text, at: 0, 0, only: ["source"])
    #expect(
      actions["Organize link definitions"]
        == "# T\n\nUses [b] and [c].\n\n> [q]: quoted.md\n\n[a]: one.md\n[b]: two.md\n[c]: three.md\n"
    )
    #expect(
      actions["Organize link definitions, removing unused ones"]
        == "# T\n\nUses [b] and [c].\n\n> [q]: quoted.md\n\n[b]: two.md\n[c]: three.md\n")
    // Only what was asked for: no quick fix among the source actions, and
    // nothing to do once sorted.
    #expect(actions.keys.allSatisfy { $0.hasPrefix("Organize") })
    let sorted = "x\n\n[a]: one.md\n[b]: two.md\n"
    client.open("/ws/sorted.md", sorted)
    let none = try client.request(
      "textDocument/codeAction",
      TestClient.document(
        "/ws/sorted.md",
        [
          "range": .object(["start": TestClient.position(0, 0), "end": TestClient.position(0, 0)]),
          "context": .object(["only": .array([.string("source")])]),
        ]))
    #expect(
      none.array?.filter { $0["title"]?.string == "Organize link definitions" }.isEmpty == true)
  }
}
