import JSON
import Testing

/// `isle lsp` in a book's folder: `workspace/symbol` lists the headings in
/// the book's order (its table of contents), then the other documents'.
@Suite struct LspBookTests {
  @Test func workspaceSymbolsComeInBookOrder() throws {
    let book = Harness.fixtures.appendingPathComponent("book").path
    let session = try LspSession(root: book)
    let found = try session.request("workspace/symbol", .object(["query": .string("")]))
    var files: [String] = []
    for symbol in found.array ?? [] {
      let uri = symbol["location"]?["uri"]?.string ?? ""
      let file = String(uri.split(separator: "/").last ?? "")
      if files.last != file { files.append(file) }
    }
    // SUMMARY.md is no chapter: it comes after them.
    #expect(
      files == [
        "preface.md", "water.md", "temperature.md", "leaves.md", "thanks.md", "SUMMARY.md",
      ],
      "\(files)")
  }
}
