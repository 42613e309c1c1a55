import Foundation
import TestSupport
import Testing

/// `section` paged through a chapter whose includes are expanded, and
/// `find` with a query longer than any title.
@Suite struct McpPagingTests {
  /// The mdbook-includes book with `listings/soil.md` grown to about 4 KB.
  static func withGrownBook(_ body: (URL) throws -> Void) throws {
    let source = Harness.root.appendingPathComponent("Tests/TestFiles/mdbook-includes")
    var files: [String: String] = [:]
    for name in [
      "book.toml", "src/SUMMARY.md", "src/planting.md", "src/watering.md", "listings/depth.md",
      "listings/notes.md", "listings/tools.sh", "listings/soil.md",
    ] {
      files[name] = try String(
        contentsOf: source.appendingPathComponent(name), encoding: .utf8)
    }
    var soil = files["listings/soil.md"]!
    for number in 1...60 { soil += "\nLoam line \(number), with compost dug in.\n" }
    files["listings/soil.md"] = soil
    try Harness.withTree(files, body)
  }

  /// Every page of `section` from `first` on, each following the last's
  /// `next_cursor` (or `next_offset`).
  static func pages(_ first: [String: Any], in folder: String, byOffset: Bool) throws
    -> [[String: Any]]
  {
    var pages: [[String: Any]] = []
    var arguments = first
    for _ in 0..<200 {
      let answer = try McpBookTests.answers([("section", arguments)], in: folder)[0]
      let page = try #require(answer as? [String: Any], "page \(pages.count + 1): \(answer)")
      pages.append(page)
      if byOffset {
        guard let next = page["next_offset"] as? Int else { return pages }
        arguments["offset"] = next
      } else {
        guard let next = page["next_cursor"] as? String else { return pages }
        arguments["cursor"] = next
      }
    }
    Issue.record("no last page")
    return pages
  }

  @Test(arguments: [
    ["max_tokens": 200], ["max_tokens": 300], ["max_bytes": 600], ["max_bytes": 1000],
  ] as [[String: Int]])
  func pagesOfAChapterWithIncludesJoinToTheWhole(bound: [String: Int]) throws {
    try Self.withGrownBook { root in
      let chapter = "src/planting.md"
      let size = try Data(contentsOf: root.appendingPathComponent(chapter)).count
      let base: [String: Any] = ["path": chapter, "selectors": ["1.."]]
      let whole = try #require(
        try McpBookTests.answers([("section", base)], in: root.path)[0] as? [String: Any])
      func text(_ page: [String: Any]) -> String {
        ((page["sections"] as? [[String: Any]]) ?? []).compactMap { $0["text"] as? String }
          .joined()
      }
      let pages = try Self.pages(
        base.merging(bound) { $1 }, in: root.path, byOffset: bound["max_bytes"] != nil)
      #expect(pages.count > 1, "\(bound): \(pages.count) pages")
      #expect(pages.map(text).joined() == text(whole), "\(bound)")
      var parts: Set<Int> = []
      for page in pages {
        for section in (page["sections"] as? [[String: Any]]) ?? [] {
          let bytes = section["bytes"] as? [Int] ?? []
          #expect(bytes.count == 2 && bytes[0] <= bytes[1] && bytes[1] <= size, "\(bound) \(section)")
          if let count = section["parts"] as? Int { parts.insert(count) }
        }
      }
      #expect(parts.count <= 1, "\(bound): parts \(parts)")
    }
  }

  /// A query longer than any title is answered at once (no match),
  /// however long.
  @Test func aHugeFindQueryIsAnsweredAtOnce() throws {
    let query = String(repeating: "b", count: 1 << 20)
    let started = Date()
    let answer = try McpBookTests.answers([("find", ["query": query])], in: Harness.fixtures.path)
    let took = Date().timeIntervalSince(started)
    let found = try #require(answer[0] as? [String: Any], "\(answer[0])")
    #expect(found["total"] as? Int == 0)
    // Before, a 1 MiB query took minutes (236 s measured); a bound of
    // wall time that tells the two apart on a shared machine.
    #expect(took < 15 * Harness.timeoutScale, "took \(took) s")
  }
}

/// The sentences of bad arguments: a number past what an Int holds as
/// sent, a NUL named as such.
@Suite struct McpEchoTests {
  @Test func aHugeNumberIsEchoedAsSentAndANulIsNamed() throws {
    let answers = try McpBookTests.answers([
      ("section", ["path": "README.md", "selectors": ["1"], "offset": 1e18]),
      ("section", ["path": "READ\u{0}ME.md", "selectors": ["1"]]),
    ])
    let huge = try #require(answers[0] as? String, "\(answers[0])")
    #expect(!huge.contains("4503599627370496") && huge.contains("1000000000000000000"), "\(huge)")
    let nul = try #require(answers[1] as? String, "\(answers[1])")
    #expect(nul.contains("NUL"), "\(nul)")
  }

  /// A chapter that includes itself and a file out of the workspace
  /// names that include once in `skipped`, not once a depth.
  @Test func anIncludeLeftOutIsSkippedOnce() throws {
    try Harness.withTree([
      "outside.md": "# Out\n",
      "bk/book.toml": "[book]\ntitle = \"B\"\n",
      "bk/src/SUMMARY.md": "# Summary\n\n- [Four](four.md)\n",
      "bk/src/four.md": "# Four\n\n{{#include ../../outside.md}}\n\n{{#include four.md}}\n",
    ]) { root in
      let answers = try McpBookTests.answers(
        [("section", ["path": "four.md", "selectors": ["1"]])],
        in: root.appendingPathComponent("bk/src").path)
      let answer = try #require(answers[0] as? [String: Any], "\(answers[0])")
      let skipped = answer["skipped"] as? [String] ?? []
      #expect(skipped.count == 1 && skipped.first?.hasPrefix("four.md:") == true, "\(skipped)")
    }
  }
}
