@testable import Workspace
import LanguageServer
import Testing

/// Renaming a heading that has duplicates, or gets one: the later
/// duplicates' `-1`, `-2` ids move, and every link to them follows; and
/// prepareRename on a link answers the link's own fragment.
@Suite struct RenameTests {
  static let path = "/ws/doc.md"

  /// The edits renaming the heading at `line` to `name` makes, as
  /// `file line:character-line:character text`, sorted.
  static func edits(_ files: [String: String], line: Int, to name: String) throws -> [String] {
    let client = try TestClient(MemoryHost(files))
    client.open(path, files[path]!)
    let edit = try client.request(
      "textDocument/rename",
      TestClient.document(
        path, ["position": TestClient.position(line, 0), "newName": .string(name)]))
    var shown: [String] = []
    guard case .object(let changes)? = edit["changes"] else { return [] }
    for (uri, edits) in changes {
      let file = uri.split(separator: "/").last.map(String.init) ?? uri
      for edit in edits.array ?? [] {
        shown.append("\(file) \(MarkedText.shown(edit)) \(edit["newText"]?.string ?? "?")")
      }
    }
    return shown.sorted()
  }

  @Test func aNewDuplicateMovesTheLaterOnesOn() throws {
    let text = """
      # header a
      # header b
      # header a
      [h1](#header-a)
      [h1](#header-b)
      [h1](#header-a-1)
      """
    let other = "[b](doc.md#header-b) [a1](doc.md#header-a-1) [a](doc.md#header-a)\n"
    #expect(
      try Self.edits([Self.path: text, "/ws/other.md": other], line: 1, to: "header a") == [
        "doc.md 1:2-1:10 header a", "doc.md 4:6-4:14 header-a-1", "doc.md 5:6-5:16 header-a-2",
        "other.md 0:11-0:19 header-a-1", "other.md 0:33-0:43 header-a-2",
      ])
  }

  @Test func aDuplicateRenamedAwayGivesTheNextOneItsId() throws {
    let text = "# header\n# header\n# header\n[h](#header)\n[h1](#header-1)\n[h2](#header-2)\n"
    #expect(
      try Self.edits([Self.path: text], line: 0, to: "New Header") == [
        "doc.md 0:2-0:8 New Header", "doc.md 3:5-3:11 new-header", "doc.md 4:6-4:14 header",
        "doc.md 5:6-5:14 header-1",
      ])
  }

  @Test func prepareRenameOnALinkAnswersItsFragment() throws {
    let text = "### a B c ###\n\n[text](#a-b-c) and [far](other.md#part-two)\n"
    let client = try TestClient(
      MemoryHost([Self.path: text, "/ws/other.md": "# Other\n\n## Part Two\n"]))
    client.open(Self.path, text)
    func prepare(_ character: Int, line: Int = 2) throws -> String {
      let result = try client.request(
        "textDocument/prepareRename",
        TestClient.document(Self.path, ["position": TestClient.position(line, character)]))
      return MarkedText.shown(result) + " " + (result["placeholder"]?.string ?? "?")
    }
    #expect(try prepare(10) == "2:8-2:13 a B c")
    #expect(try prepare(7) == "2:8-2:13 a B c")
    #expect(try prepare(40) == "2:34-2:42 Part Two")
    #expect(try prepare(0, line: 0) == "0:4-0:9 a B c")
    // On the link's text: nothing to rename.
    #expect(throws: ReplyError.self) { try prepare(2) }
  }
}
