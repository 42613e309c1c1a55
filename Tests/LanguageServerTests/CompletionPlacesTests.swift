import Testing

@testable import LanguageServer
@testable import Workspace

/// Completion wherever a destination is written besides `](`: in a
/// reference definition (`[x]: `), in an HTML attribute (`<img src="`),
/// and of the labels of the document's definitions (`[text][`, `[x`);
/// files that are not documents are offered with the documents, and
/// folders as `sub/`.
@Suite struct CompletionPlacesTests {
  static let path = "/ws/new.md"

  static let files = [
    "/ws/a.md": "# A b C\n", "/ws/logo.png": "", "/ws/.hidden": "", "/ws/say \"hi\".md": "# Hi\n",
    "/ws/sub/c d.md": "# Deep\n", "/ws/sub/icon.svg": "",
  ]

  /// What each item leaves on the last line of `text` (from the first
  /// character of that line), sorted; the cursor at its end. With
  /// `saved`, the document is on the disk too.
  static func results(_ lastLine: String, saved: Bool = false) throws -> [String] {
    var files = Self.files
    let text =
      "# New Page\n\n[ref-1]: a.md\n[Ref 2]: <sub/c d.md>\n[ref-1]: logo.png\n\n" + lastLine
    if saved { files[path] = text }
    let client = try TestClient(MemoryHost(files))
    client.open(path, text)
    let answer = try client.request(
      "textDocument/completion",
      TestClient.document(path, ["position": TestClient.position(6, lastLine.utf16.count)]))
    return (answer["items"]?.array ?? []).map { item -> String in
      let edit = item["textEdit"]
      let from = edit?["range"]?["start"]?["character"]?.int ?? -1
      let kept = Array(lastLine.utf16)[0..<max(from, 0)]
      return String(decoding: kept, as: UTF16.self) + (edit?["newText"]?.string ?? "?")
    }.sorted()
  }

  @Test func aDefinitionIsCompletedAsALinkIs() throws {
    let found = try Self.results("[x]: ")
    #expect(
      found == [
        "[x]: #new-page", "[x]: a.md", "[x]: logo.png", "[x]: say%20\"hi\".md", "[x]: sub/",
      ])
    #expect(
      try Self.results("  [x]: <sub/") == ["  [x]: <sub/c d.md", "  [x]: <sub/icon.svg"])
    #expect(
      try Self.results("[x]: <./") == [
        "[x]: <./a.md", "[x]: <./logo.png", "[x]: <./say \"hi\".md", "[x]: <./sub/",
      ])
    #expect(try Self.results("[x]: a.md#") == ["[x]: a.md#a-b-c"])
    // A footnote, a URL, and text after the destination are no place for it.
    #expect(try Self.results("[^1]: ") == [])
    #expect(try Self.results("[x]: https://") == [])
    #expect(try Self.results("[x]: a.md ") == [])
  }

  @Test func anHTMLAttributeIsCompletedWithEntitiesForQuotes() throws {
    let found = try Self.results("<a class=\"x\" href='")
    #expect(found.contains("<a class=\"x\" href='say &quot;hi&quot;.md"))
    #expect(found.contains("<a class=\"x\" href='sub/"))
    #expect(found.contains("<a class=\"x\" href='#new-page"))
    #expect(
      try Self.results("<a href=\"sub/") == ["<a href=\"sub/c d.md", "<a href=\"sub/icon.svg"])
    // What is typed is read as the attribute holds it.
    #expect(
      try Self.results("<a href=\"say &quot;hi&quot;.md#") == ["<a href=\"say &quot;hi&quot;.md#hi"]
    )
    // An image is offered files, never ids.
    let image = try Self.results("text <IMG SRC=\"./")
    #expect(image.contains("text <IMG SRC=\"./logo.png") && !image.contains { $0.contains("#") })
    #expect(try Self.results("<img src=\"#") == [])
    #expect(try Self.results("<img source=\"") == [])
    #expect(try Self.results("<image src=\"") == [])
    #expect(try Self.results("<a href=\"mailto:") == [])
    #expect(try Self.results("<a title=\"a\" href=\"x\" ") == [])
  }

  @Test func labelsAreTheDefinitionsOnceEachAsWritten() throws {
    #expect(try Self.results("[text][") == ["[text][Ref 2", "[text][ref-1"])
    #expect(try Self.results("[re") == ["[Ref 2", "[ref-1"])
    #expect(
      try Self.results("See [x](a.md) and [") == [
        "See [x](a.md) and [Ref 2", "See [x](a.md) and [ref-1",
      ])
    #expect(try Self.results("[a b") == [])
    #expect(try Self.results("\\[") == [])
    #expect(try Self.results("[^") == [])
  }

  /// The document itself is a path to offer once it is a file (without
  /// its ids again: they come after `#`).
  @Test func theDocumentItselfOnceSaved() throws {
    #expect(!(try Self.results("[x](")).contains("[x](new.md"))
    let saved = try Self.results("[x](", saved: true)
    #expect(saved.contains("[x](new.md") && !saved.contains("[x](new.md#new-page"))
    #expect(saved.contains("[x](#new-page"))
  }
}
