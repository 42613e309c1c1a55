@testable import Workspace
import Foundation
import JSON
import LanguageServer
import TestSupport
import Testing

/// Symbols after edits come from the document's outline kept in pieces
/// (only the pieces an edit touches parsed again); they are the symbols
/// of the whole new text, opened afresh in a server that parses it whole.
/// Random edits as an editor sends them: ranges in UTF-16 units, several
/// changes in one `didChange`, on the fixtures and on real documents.
@Suite struct EditTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// What an edit inserts: the marks that move cuts, open blocks, define
  /// and refer to links and footnotes; and characters of two UTF-16 units.
  static let insertions = [
    "x", "\n", "# ", "\n## New\n", "```\n", "<div>\n", "[", "]", "[ref]: /u\n", "[^n]",
    "[^n]: note\n", "\r\n", "> ", "===\n", "{: .no_toc}\n", "é", "😀", "",
  ]

  /// The document's symbols as `level title line range`, in order.
  static func rows(_ symbols: JSONValue, depth: Int = 0) -> [String] {
    (symbols.array ?? []).flatMap { symbol -> [String] in
      let range = symbol["range"] ?? .null
      return [
        "\(depth) \(symbol["name"]?.string ?? "?") \(symbol["detail"]?.string ?? "-") "
          + "\(symbol["selectionRange"]?.text ?? "?") \(range.text)"
      ] + rows(symbol["children"] ?? .null, depth: depth + 1)
    }
  }

  /// One random change of `text`: a range by lines and UTF-16 units, and
  /// what replaces it.
  static func change(_ text: String, _ random: inout SplitMix) -> JSONValue {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    func position() -> (Int, Int) {
      let line = Int.random(in: 0..<lines.count, using: &random)
      let units = lines[line].utf16.count
      return (line, Int.random(in: 0...units + 1, using: &random))
    }
    var start = position()
    var end = Bool.random(using: &random) ? start : position()
    if (end.0, end.1) < (start.0, start.1) { swap(&start, &end) }
    if end.0 > start.0 + 2 { end = start }
    return .object([
      "range": .object([
        "start": TestClient.position(start.0, start.1), "end": TestClient.position(end.0, end.1),
      ]),
      "text": .string(insertions.randomElement(using: &random)!),
    ])
  }

  /// `edits` random `didChange`s of `text`, each followed by the symbols,
  /// compared with those of a server that opens the text as it stands.
  static func check(_ text: String, seed: UInt64, edits: Int) throws {
    var random = SplitMix(state: seed)
    let path = "/ws/doc.md"
    let client = try TestClient(MemoryHost([:]), pieceSize: max(text.utf8.count / 20, 1))
    client.open(path, text)
    var text = text
    for version in 2..<(2 + edits) {
      var changes: [JSONValue] = []
      for _ in 0..<Int.random(in: 1...3, using: &random) {
        let change = change(text, &random)
        changes.append(change)
        // As the server applies it, through its own lines.
        text = try Self.apply(change, to: text)
      }
      // Sent without the lull that publishes diagnostics (and outlines
      // the whole text for its links): the symbols come from the pieces.
      client.change(path, version: version, changes, settling: false)
      let symbols = try client.request("textDocument/documentSymbol", TestClient.document(path))
      if version % 3 == 0 { client.server.settle() }
      let whole = try TestClient(MemoryHost([:]), pieceSize: 1 << 40)
      whole.open(path, text)
      let expected = try whole.request("textDocument/documentSymbol", TestClient.document(path))
      #expect(rows(symbols) == rows(expected), "seed \(seed), version \(version)")
      if rows(symbols) != rows(expected) { return }
    }
  }

  /// `text` with `change` applied: UTF-16 positions, lines ended by LF,
  /// CRLF or CR.
  static func apply(_ change: JSONValue, to text: String) throws -> String {
    let lines = TextLines(Array(text.utf8))
    let range = lines.offsets(of: try TextRange(change["range"]))
    var bytes = Array(text.utf8)
    bytes.replaceSubrange(range, with: Array((change["text"]?.string ?? "").utf8))
    return String(decoding: bytes, as: UTF8.self)
  }

  @Test(arguments: [
    "beekeeping.md", "cjk.md", "crlf.md", "emoji.md", "tricky-headings.md", "gfm-extras.md",
    "bom.md",
  ])
  func symbolsAfterEditsAreTheWholeTexts(_ name: String) throws {
    let url = Self.root.appendingPathComponent("fixtures").appendingPathComponent(name)
    let text = try String(contentsOf: url, encoding: .utf8)
    try Self.check(text, seed: UInt64(text.utf8.count), edits: 12)
  }

  static let primer = root.appendingPathComponent(
    "../shared/corpus/system-design-primer/README.md"
  ).standardized

  @Test(
    .enabled(
      if: FileManager.default.fileExists(atPath: primer.path), "needs ../shared/corpus"))
  func symbolsAfterEditsOfARealDocumentAreTheWholeTexts() throws {
    let text = try String(contentsOf: Self.primer, encoding: .utf8)
    try Self.check(text, seed: 21, edits: 6)
  }

  /// Edits composed into one before the outline is brought up to date:
  /// two `didChange`s, then the symbols.
  @Test func editsSentTogetherAreOneEdit() throws {
    let path = "/ws/doc.md"
    let text = "# A\n\nwords\n\n# B\n\nmore\n\n# C\n\nend\n"
    let client = try TestClient(MemoryHost([:]))
    client.open(path, text)
    _ = try client.request("textDocument/documentSymbol", TestClient.document(path))
    func change(_ version: Int, _ line: Int, _ text: String) {
      client.change(
        path, version: version, [TestClient.edit((line, 0), (line, 0), text)], settling: false)
    }
    change(2, 8, "# Z\n\n")
    change(3, 0, "x")
    change(4, 6, "## Y\n")
    let symbols = try client.request("textDocument/documentSymbol", TestClient.document(path))
    #expect(
      Self.rows(symbols).map { $0.split(separator: " ").prefix(2).joined(separator: " ") } == [
        "0 B", "1 Y", "0 Z", "0 C",
      ])
  }
}
