import Found
import Foundation
import TestSupport
import Testing

@testable import Outline

/// An outline kept between edits, only the pieces an edit touches parsed
/// again, is the outline of the whole new text: random edits (the marks
/// that move cuts, open fences, define and refer to links and footnotes,
/// ask a heading out of the contents) on the fixtures, on generated
/// documents and on real ones, each compared with a parse of the whole.
@Suite struct LiveOutlineTests {
  /// What an edit may insert: text, and the marks that change blocks,
  /// cuts and labels.
  static let insertions = [
    "x", " ", "\n", "\n\n", "#", "# ", "## New heading\n", "\n# Cut here\n", "```\n", "~~~",
    "<div>\n", "-->", "<!--\n", "[", "]", "[ref1]", "[ref1]: /new\n", "\n[ref2]: /u\n",
    "[^n1]", "[^n1]: a note\n", "\n[^N2]:\n    ## note heading\n", "\\", "\r", "\r\n", ">",
    "- ", "    ", "===\n", "---\n", "{: .no_toc}\n", "<!-- omit from toc -->\n", "é", "中文",
    "\u{0}", "| a | b |\n| - | - |\n",
  ]

  /// One random edit of `bytes`: a deletion, an insertion or both, often
  /// at a line start (where cuts stand) or next to a heading.
  static func edit(_ bytes: [UInt8], _ random: inout SplitMix) -> (Range<Int>, [UInt8]) {
    var start = Int.random(in: 0...bytes.count, using: &random)
    if Bool.random(using: &random), let line = bytes[..<start].lastIndex(of: 0x0A) {
      start = line + 1  // a line start
    }
    if Int.random(in: 0..<4, using: &random) == 0,
      let heading = bytes.indices.dropFirst(start).first(where: {
        bytes[$0] == 0x23 && ($0 == 0 || bytes[$0 - 1] == 0x0A)
      })
    {
      start = max(0, heading - Int.random(in: 0...2, using: &random))
    }
    let removed =
      Int.random(in: 0..<3, using: &random) == 0 ? 0 : Int.random(in: 0...12, using: &random)
    let end = min(bytes.count, start + (Bool.random(using: &random) ? 0 : removed))
    let inserted =
      end > start && Bool.random(using: &random)
      ? [] : Array(insertions.randomElement(using: &random)!.utf8)
    return (start..<end, inserted)
  }

  /// The first way `live` differs from `whole`, or nil.
  static func difference(_ live: Document, _ whole: Document) -> String? {
    if live.sections.count != whole.sections.count {
      return "\(live.sections.count) sections, whole \(whole.sections.count)"
    }
    for (a, b) in zip(live.sections, whole.sections) where a != b {
      return "section \(b.number): \(a) against the whole's \(b)"
    }
    if live.title != whole.title {
      return "title \(live.title ?? "-") against \(whole.title ?? "-")"
    }
    // The timeline's stretches are summed between headings in pieces
    // (as `MarkdownPieces` does), so only its total is the same.
    if live.reading != whole.reading || live.seconds != whole.seconds
      || live.minutes != whole.minutes || abs(live.timeline.total - whole.timeline.total) > 1e-6
    {
      return "reading \(live.reading) against \(whole.reading)"
    }
    if live.markers != whole.markers { return "markers \(live.markers) against \(whole.markers)" }
    if live.lines != whole.lines { return "lines" }
    return nil
  }

  /// How the reference definitions `live` found differ from those a whole
  /// parse with every link finds in `bytes`; nil when they do not.
  static func definitionsDiffer(_ live: LiveOutline, _ bytes: [UInt8]) -> String? {
    var linking = OutlineOptions(split: false)
    linking.findsLinks = true
    guard let outlined = try? Outliner.outlined(bytes, path: "doc.md", options: linking) else {
      return "no whole parse"
    }
    func shown(_ links: [FoundLink]) -> [String] {
      links.filter { $0.kind == .definition }.map {
        "\($0.offset) \($0.line):\($0.column) \($0.labelRange.map { "\($0)" } ?? "-") "
          + "\($0.destinationRange.map { "\($0)" } ?? "-") \($0.destination)"
      }
    }
    let (got, want) = (shown(live.definitions), shown(outlined.links?.links ?? []))
    return got == want ? nil : "definitions \(got) against the whole's \(want)"
  }

  /// `edits` random edits on `text`, each outline compared with the whole
  /// one; returns how many pieces were parsed and how many there were.
  @discardableResult
  static func check(
    _ text: [UInt8], seed: UInt64, edits: Int, pieceSize: Int, options: OutlineOptions = .init(),
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> (parsed: Int, pieces: Int) {
    var random = SplitMix(state: seed)
    var options = options
    options.levels = 1...6
    var whole = options
    whole.split = false
    var bytes = text
    var live = try LiveOutline(
      bytes, path: "doc.md", options: options, lines: nil, smallest: 0, pieceSize: pieceSize)
    var totals = (parsed: 0, pieces: 0)
    for step in 0..<edits {
      let (range, inserted) = edit(bytes, &random)
      bytes.replaceSubrange(range, with: inserted)
      try live.edit(bytes, replacing: range, with: inserted.count)
      let expected = try Outliner.outline(bytes, path: "doc.md", options: whole)
      if let difference = difference(live.document, expected)
        ?? (options.findsDefinitions ? definitionsDiffer(live, bytes) : nil)
      {
        try? Data(bytes).write(to: URL(fileURLWithPath: "/tmp/live-seed-\(seed).md"))
        Issue.record(
          "seed \(seed), edit \(step) (\(range) → \(String(decoding: inserted, as: UTF8.self).debugDescription)): \(difference)\n\(String(decoding: bytes, as: UTF8.self))",
          sourceLocation: sourceLocation)
        break
      }
      totals.parsed += live.piecesParsed
      totals.pieces += live.statistics.pieces
    }
    return totals
  }

  @Test(arguments: 0..<60)
  func generatedDocumentsEditedAreTheWhole(_ seed: Int) throws {
    let text = Array(Generated.document(seed: UInt64(seed)).utf8)
    try Self.check(text, seed: UInt64(seed), edits: 20, pieceSize: 1)
  }

  /// The reference definitions alone (as the language server lists them
  /// among the symbols), each piece's own, are those a whole parse with
  /// every link finds.
  @Test(arguments: 0..<30)
  func definitionsOfGeneratedDocumentsEditedAreTheWhole(_ seed: Int) throws {
    let text = Array(Generated.document(seed: UInt64(seed)).utf8)
    var options = OutlineOptions()
    options.findsDefinitions = true
    try Self.check(text, seed: UInt64(seed), edits: 20, pieceSize: 1, options: options)
  }

  @Test(arguments: Fixtures.names)
  func definitionsOfFixturesEditedAreTheWhole(_ name: String) throws {
    let bytes = try Fixtures.bytes(name)
    var options = OutlineOptions()
    options.findsDefinitions = true
    try Self.check(
      bytes, seed: UInt64(bytes.count) + 1, edits: 12, pieceSize: max(bytes.count / 8, 1),
      options: options)
  }

  @Test(arguments: Fixtures.names)
  func fixturesEditedAreTheWhole(_ name: String) throws {
    let bytes = try Fixtures.bytes(name)
    try Self.check(bytes, seed: UInt64(bytes.count), edits: 12, pieceSize: max(bytes.count / 8, 1))
  }

  /// Real documents: the corpus's largest of each folder, cut in pieces of
  /// a few kilobytes. Most edits parse one piece or two of many.
  static let corpus = Fixtures.folder.appendingPathComponent("../../shared/corpus").standardized

  @Test(
    .enabled(
      if: FileManager.default.fileExists(atPath: corpus.path), "needs ../shared/corpus"))
  func realDocumentsEditedAreTheWholeAndMostPiecesAreKept() throws {
    let corpus = Self.corpus
    var parsed = 0
    var pieces = 0
    var documents = 0
    for folder in ["rfcs", "free-programming-books", "system-design-primer", "brew"] {
      let root = corpus.appendingPathComponent(folder)
      guard
        let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
      else { continue }
      let paths = walker.compactMap { $0 as? URL }.filter { $0.pathExtension == "md" }
        .sorted { $0.path < $1.path }
      let sizes = paths.map { ((try? Data(contentsOf: $0))?.count ?? 0, $0) }
      guard let largest = sizes.max(by: { $0.0 < $1.0 })?.1 else { continue }
      let bytes = Array(try Data(contentsOf: largest))
      let totals = try Self.check(
        bytes, seed: UInt64(bytes.count), edits: 10, pieceSize: max(bytes.count / 24, 512))
      parsed += totals.parsed
      pieces += totals.pieces
      documents += 1
      // And their reference definitions alone, as the language server
      // lists them.
      var definitions = OutlineOptions()
      definitions.findsDefinitions = true
      try Self.check(
        bytes, seed: UInt64(bytes.count) + 1, edits: 5, pieceSize: max(bytes.count / 24, 512),
        options: definitions)
    }
    #expect(documents > 0)
    #expect(pieces > 0)
    #expect(parsed * 3 < pieces, "\(parsed) of \(pieces) pieces parsed again")
  }

  /// A definition, a footnote and a cut changed by an edit reach the
  /// pieces that depend on them.
  @Test func anEditReachesThePiecesThatDependOnIt() throws {
    var text = Array(
      """
      # One [spec] and a note[^a]

      words

      # Two

      [spec]: /spec

      # Three

      [^a]: the note

      # Four

      """.utf8)
    var live = try LiveOutline(
      text, path: "doc.md", options: OutlineOptions(levels: 1...6), lines: nil, smallest: 0,
      pieceSize: 1)
    #expect(live.statistics.pieces == 4)
    #expect(live.document.sections[0].title == "One spec and a note")
    func replace(_ old: String, _ new: String) throws {
      let range = try #require(String(decoding: text, as: UTF8.self).range(of: old))
      let string = String(decoding: text, as: UTF8.self)
      let start = string.utf8.distance(from: string.startIndex, to: range.lowerBound)
      let end = start + old.utf8.count
      text.replaceSubrange(start..<end, with: Array(new.utf8))
      try live.edit(text, replacing: start..<end, with: new.utf8.count)
      let whole = try Outliner.outline(
        text, path: "doc.md", options: OutlineOptions(levels: 1...6, split: false))
      #expect(Self.difference(live.document, whole) == nil)
    }
    try replace("[spec]: /spec", "[spex]: /spec")
    #expect(live.document.sections[0].title == "One [spec] and a note")
    try replace("[^a]: the note", "[^b]: the note")
    #expect(live.document.sections[0].title == "One [spec] and a note[^a]")
    try replace("words", "more words here")
    #expect(live.piecesParsed == 1)
    try replace("# Three", "Three")
    #expect(live.document.sections.map(\.title) == ["One [spec] and a note[^a]", "Two", "Four"])
    try replace("# Two", "```\n# Two")
    #expect(live.document.sections.map(\.title) == ["One [spec] and a note[^a]"])
  }

  /// The edits at the edges of what a kept piece depends on, each in a
  /// document cut before every heading: the outline is the whole's, and
  /// what the edit changes shows.
  @Test(arguments: [
    // A line ending deleted just before a cut: the heading is none.
    ("# A\n\nwords\n# B\n\nwords\n\n# C\n", "words\n# B", "words # B"),
    // A heading in a list item, read as setext: two lines after it, a
    // class asks it out of the contents.
    ("# A\n\n1. # B\n# C\n{: .no_toc}\n\nwords\n\n# D\n", "{: .no_toc}", "{: .nothing}"),
    // The same class made none from its line ending on.
    ("# A\n\n1. # B\n# C\n{: .no_toc}\n\nwords\n\n# D\n", "\n\nwords", " x\n\nwords"),
    // Text appended to the last line ("" is the end of the document).
    ("# A\n\nwords\n\n# B\n\nthe end", "", "s\n\n# C"),
    // Front matter left open, then closed far after: the pieces before
    // the edit are the same bytes, but what cmark reads of them is not.
    (
      "---\ntitle: T\n# A\n\nkey: v\n\n# B\n\nk2: w\n\n# C\n\nwords\n\n# D\n", "# C\n",
      "---\n# C\n"
    ),
    // A definition before the others renumbers the labels after it.
    (
      "# A [x] [y] [z]\n\n# B\n\n[y]: /y\n\n# C\n\nwords\n\nmore\n\n# D\n\n[z]: /z\n", "# B\n",
      "# B\n\n[x]: /x\n"
    ),
  ])
  func editsAtTheEdgesOfAPieceAreTheWhole(_ text: String, _ old: String, _ new: String) throws {
    var bytes = Array(text.utf8)
    let options = OutlineOptions(levels: 1...6)
    var live = try LiveOutline(
      bytes, path: "doc.md", options: options, lines: nil, smallest: 0, pieceSize: 1)
    let range = old.isEmpty ? text.endIndex..<text.endIndex : try #require(text.range(of: old))
    let start = text.utf8.distance(from: text.startIndex, to: range.lowerBound)
    let replaced = start..<(start + old.utf8.count)
    bytes.replaceSubrange(replaced, with: Array(new.utf8))
    let before = live.document
    try live.edit(bytes, replacing: replaced, with: new.utf8.count)
    var whole = options
    whole.split = false
    let expected = try Outliner.outline(bytes, path: "doc.md", options: whole)
    #expect(Self.difference(live.document, expected) == nil)
    #expect(Self.difference(before, expected) != nil, "the edit changed nothing to see")
    #expect(live.piecesParsed < live.statistics.pieces + 1)
  }
}
