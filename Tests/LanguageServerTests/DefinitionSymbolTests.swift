import JSON
import LanguageServer
import Testing

/// Reference definitions among a document's symbols, as VS Code's server
/// lists them: `[label]` under the heading before it, those after the
/// last heading at the top; never a `[x]:` line that is no definition.
@Suite struct DefinitionSymbolTests {
  static let path = "/ws/defs.md"
  static let text = """
    [top]: /a.md
    # Guide
    Text [one] and [two].

    [one]: /one.md "A title"
    ## Part
    A paragraph line
    [not]: /continues-the-paragraph.md

    ```
    [code]: /in-a-fence.md
    ```

    [two]:
      /two.md
    # Last

    Text.

    [end 1]: /e1.md
    [End-2]: /e2.md

    """

  /// A line per symbol: name, kind, range and selection range, indented
  /// by depth.
  static func shown(_ symbols: JSONValue, depth: Int = 0) -> [String] {
    (symbols.array ?? []).flatMap { symbol -> [String] in
      func span(_ range: JSONValue?) -> String {
        let start = range?["start"]
        let end = range?["end"]
        return "\(start?["line"]?.int ?? -1):\(start?["character"]?.int ?? -1)-"
          + "\(end?["line"]?.int ?? -1):\(end?["character"]?.int ?? -1)"
      }
      let line =
        String(repeating: "  ", count: depth)
        + "\(symbol["name"]?.string ?? "?") \(symbol["kind"]?.int ?? -1) "
        + "\(span(symbol["range"])) \(span(symbol["selectionRange"]))"
      return [line] + shown(symbol["children"] ?? .null, depth: depth + 1)
    }
  }

  /// Asked for as VS Code's server asks its service for them.
  static let asked = JSONValue.object(["includeLinkDefinitions": .bool(true)])

  @Test func definitionsAreSymbolsUnderTheirHeadingsWhenAsked() throws {
    let plain = try TestClient(MemoryHost([Self.path: Self.text]))
    plain.open(Self.path, Self.text)
    let outline = try plain.request("textDocument/documentSymbol", TestClient.document(Self.path))
    #expect(!Self.shown(outline).contains { $0.contains(" 14 ") })
    let client = try TestClient(MemoryHost([Self.path: Self.text]), options: Self.asked)
    client.open(Self.path, Self.text)
    let symbols = try client.request("textDocument/documentSymbol", TestClient.document(Self.path))
    #expect(
      Self.shown(symbols) == [
        "[top] 14 0:0-0:12 0:1-0:4",
        "Guide 15 1:0-15:0 1:0-1:7",
        "  [one] 14 4:0-4:24 4:1-4:4",
        "  Part 15 5:0-15:0 5:0-5:7",
        "    [two] 14 13:0-14:9 13:1-13:4",
        "Last 15 15:0-21:0 15:0-15:6",
        "[end 1] 14 19:0-19:15 19:1-19:6",
        "[End-2] 14 20:0-20:15 20:1-20:6",
      ])
    // A definition added by an edit is one more symbol.
    client.change(Self.path, version: 2, [TestClient.edit((7, 0), (7, 0), "\n[new]: /n.md\n")])
    let edited = try client.request("textDocument/documentSymbol", TestClient.document(Self.path))
    #expect(Self.shown(edited).contains("    [new] 14 8:0-8:12 8:1-8:4"))
  }

  /// Turned on later (`workspace/didChangeConfiguration`), the open
  /// document's symbols list them from then on, and off again not.
  @Test func theSettingChangesWithTheConfiguration() throws {
    let client = try TestClient(MemoryHost([Self.path: Self.text]))
    client.open(Self.path, Self.text)
    func definitions() throws -> Int {
      let symbols = try client.request(
        "textDocument/documentSymbol", TestClient.document(Self.path))
      return Self.shown(symbols).filter { $0.contains(" 14 ") }.count
    }
    #expect(try definitions() == 0)
    for (on, count) in [(true, 5), (false, 0)] {
      client.notify(
        "workspace/didChangeConfiguration",
        .object(["settings": .object(["includeLinkDefinitions": .bool(on)])]))
      #expect(try definitions() == count)
    }
  }

  @Test func flatSymbolsNameTheirHeading() throws {
    let client = try TestClient(
      MemoryHost([Self.path: Self.text]), options: Self.asked, hierarchical: false)
    client.open(Self.path, Self.text)
    let list = try client.request("textDocument/documentSymbol", TestClient.document(Self.path))
    #expect(
      list.array?.map { "\($0["name"]?.string ?? "?") < \($0["containerName"]?.string ?? "-")" }
        == [
          "Guide < -", "Part < Guide", "Last < -", "[top] < -", "[one] < Guide", "[two] < Part",
          "[end 1] < -", "[End-2] < -",
        ])
  }
}
