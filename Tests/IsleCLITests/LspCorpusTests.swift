import Foundation
import JSON
import LanguageServer
import Testing

@testable import Files
@testable import IsleCLI
@testable import Walk
@testable import Workspace

/// The server's answers on the shared corpus of real documents, against
/// the commands' own: each document's symbols against `isle toc --max-level
/// 6`'s sections, its diagnostics against `isle check`'s findings, its
/// `isle/where` against `isle where --format json`; and each document link
/// to a file leads where definition does, to a file that is there.
/// Read from `../shared/corpus` where it is, never copied.
@Suite struct LspCorpusTests {
  static let corpus = Harness.root.appendingPathComponent("../shared/corpus").standardized

  /// Every Markdown document of a corpus folder, and that folder.
  static func documents(_ folder: String) -> (root: String, paths: [String])? {
    let root = corpus.appendingPathComponent(folder).path
    guard FileManager.default.fileExists(atPath: root) else { return nil }
    let paths = SourceWalker(fileSystem: SystemFiles()).expand([root]).sources.compactMap(\.path)
    return (root, paths)
  }

  /// A symbol tree in document order, as `level title line` rows.
  static func rows(_ symbols: JSONValue, level: Int = 1) -> [String] {
    (symbols.array ?? []).flatMap { symbol -> [String] in
      let line = (symbol["selectionRange"]?["start"]?["line"]?.int ?? -2) + 1
      return ["\(symbol["name"]?.string ?? "?") \(line)"]
        + rows(symbol["children"] ?? .null, level: level + 1)
    }
  }

  @Test(.enabled(if: documents("rust-by-example") != nil, "needs ../shared/corpus"))
  func symbolsAreTocsSectionsAndDiagnosticsAreChecksFindings() throws {
    let (root, paths) = try #require(Self.documents("rust-by-example"))
    #expect(!paths.isEmpty)
    let session = try LspSession(root: root)
    let findings = Harness.run(["check", "--format", "json", "--root", root, root])
    var expected: [String: [String]] = [:]
    for line in findings.stdout.split(separator: "\n") {
      let finding = try JSONParser.parse(Array(line.utf8))
      let path = URL(fileURLWithPath: finding["path"]?.string ?? "").standardized.path
      expected[path, default: []].append(
        "\(finding["line"]?.int ?? -1) \(finding["reason"]?.string ?? "") "
          + (finding["suggestion"]?.string ?? "-"))
    }
    #expect(
      expected.values.reduce(0) { $0 + $1.count } > 0, "the corpus has broken links to compare")
    // Every document with findings, and every third other one, keeps the
    // suite quick; the links of all of them are resolved (check reads the
    // whole folder, the server indexes it).
    let sample = paths.enumerated().filter { $0.offset % 3 == 0 || expected[$0.element] != nil }
      .map(\.element)
    var compared = 0
    var withFindings = 0
    var linksFollowed = 0
    var placesCompared = 0
    for path in sample {
      try session.open(path)
      let symbols = try session.request("textDocument/documentSymbol", LspSession.document(path))
      // toc reads a SUMMARY.md as the book it names: its rows are the
      // book's chapters, not the file's sections, so they are not compared.
      let isBook = path.hasSuffix("/SUMMARY.md")
      let toc = Harness.run(["toc", "--max-level", "6", "--format", "json", path])
      let sections = try JSONParser.parse(Array(toc.stdout.utf8))["sections"]?.array ?? []
      let tocRows = sections.map { section -> String in
        let title = section["title"]?.string ?? ""
        let level = section["level"]?.int ?? 1
        return
          "\(title.isEmpty ? String(repeating: "#", count: level) : title) \(section["line"]?.int ?? -1)"
      }
      #expect(isBook || Self.rows(symbols) == tocRows, "\(path)")
      let shown = session.diagnostics(path).map {
        "\(($0["range"]?["start"]?["line"]?.int ?? -2) + 1) \($0["code"]?.string ?? "") "
          + ($0["data"]?["suggestion"]?.string ?? "-")
      }.filter { !$0.contains("stale-contents") }
      #expect(shown == expected[path] ?? [], "\(path)")
      compared += 1
      if !shown.isEmpty { withFindings += 1 }
      // Each document link to a file leads where definition does, to a
      // file there; the others are to URLs.
      let links = try session.request("textDocument/documentLink", LspSession.document(path))
      for link in links.array ?? [] {
        let target = link["target"]?.string ?? ""
        guard target.hasPrefix("file://") else {
          #expect(target.contains(":") && !target.hasPrefix("file:"), "\(path): \(target)")
          continue
        }
        let file = String(target.dropFirst("file://".count).prefix { $0 != "#" })
        #expect(FileManager.default.fileExists(atPath: file), "\(path): \(target)")
        var definition = try session.request(
          "textDocument/definition",
          LspSession.document(path, ["position": link["range"]?["start"] ?? .null]))
        // A use's label goes to its definition in this document, whose
        // destination (its last character ends the range) leads on.
        let own = "file://" + path
        if definition["uri"]?.string == own, !target.hasPrefix(own + "#"), target != own,
          let end = definition["range"]?["end"], let line = end["line"],
          let character = end["character"]?.int
        {
          let last = JSONValue.object(["line": line, "character": .int(character - 1)])
          definition = try session.request(
            "textDocument/definition", LspSession.document(path, ["position": last]))
        }
        #expect(definition["uri"]?.string == String(target.prefix { $0 != "#" }), "\(path)")
        linksFollowed += 1
      }
      // isle/where answers what `isle where --format json` prints.
      // A line inside the middle section.
      let whereLine = (sections.isEmpty ? 1 : sections[sections.count / 2]["line"]?.int ?? 1) + 1
      let answered = try session.request(
        "isle/where",
        LspSession.document(
          path, ["position": .object(["line": .int(whereLine - 1), "character": .int(0)])]))
      let printed = Harness.run(["where", "--format", "json", "--line", String(whereLine), path])
      if printed.status == 0 {
        let expected = try JSONParser.parse(Array(printed.stdout.utf8))
        for key in ["bar", "fraction", "current", "minutesLeft", "sections"] {
          #expect(answered[key] == expected[key], "\(path) \(key)")
        }
        placesCompared += 1
      }
      session.notify("textDocument/didClose", LspSession.document(path))
    }
    #expect(compared == sample.count)
    #expect(withFindings > 0, "some documents compared have broken links")
    #expect(linksFollowed > 0, "some links were followed")
    #expect(placesCompared > 0, "some places were compared")
  }
}
