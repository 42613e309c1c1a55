@testable import Workspace
import Testing

@testable import LanguageServer

/// Document links to URLs, as VS Code gives them: where the URL is
/// written, leading to it as written; none for a URL written bare or in
/// code.
@Suite struct URLLinkTests {
  static let path = "/ws/doc.md"

  static let document = MarkedText(
    """
    # URLs

    [encoded](«http://example/%A5%C8» "title") and <«https://example.com/auto»>,
    [a use][«site»], a bare https://example.com/bare and `[code](https://example.com/code)`.

    <a href="«https://example.com/html»">x</a> [local](«a.md»)

    [site]: «https://example.com/site»
    [site]: «https://example.com/second»

    """)

  @Test func urlsAreLinkedAsWritten() throws {
    let client = try TestClient(MemoryHost([Self.path: Self.document.text, "/ws/a.md": ""]))
    client.open(Self.path, Self.document.text)
    let links = try client.request("textDocument/documentLink", TestClient.document(Self.path))
    let zero = TextPosition(line: 0, character: 0)
    let found = (links.array ?? []).sorted {
      (try? TextRange($0["range"]))?.start ?? zero < (try? TextRange($1["range"]))?.start ?? zero
    }.map { (MarkedText.shown($0), $0["target"]?.string ?? "?") }
    #expect(found.map(\.0) == Self.document.shown)
    #expect(
      found.map(\.1) == [
        "http://example/%A5%C8", "https://example.com/auto", "https://example.com/site",
        "https://example.com/html", "file:///ws/a.md", "https://example.com/site",
        "https://example.com/second",
      ])
  }
}
