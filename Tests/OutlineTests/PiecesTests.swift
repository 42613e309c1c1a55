import Foundation
import TestSupport
import Testing

@testable import Found
@testable import Outline

/// A document parsed in pieces gives what one parse of the whole gives:
/// every heading, title, offset and reading, on the fixtures and on
/// generated documents full of what could go wrong at a cut.
@Suite struct PiecesTests {
  struct Both {
    var split: Findings
    var whole: Findings
    var pieces: Int
    var again: Int
  }

  /// Parsed whole, and in as many pieces as the cuts allow; the readings
  /// summed between headings in both, as pieces sum them.
  static func both(_ bytes: [UInt8]) throws -> Both {
    try bytes.withUnsafeBufferPointer { buffer in
      let lines = LineIndex(buffer)
      let hidden = FrontMatter.find(in: buffer, lines: lines)?.endOffset ?? 0
      let whole = try MarkdownParser.parse(buffer, lines: lines, hiddenPrefix: hidden)
      let split = try MarkdownPieces.parse(
        buffer, lines: lines, hiddenPrefix: hidden, maxDepth: 20_000, split: true, pieceSize: 1,
        smallest: 0, weighsCost: false)
      return Both(
        split: split.text.compacted(), whole: whole.compacted(), pieces: split.pieces,
        again: split.again)
    }
  }

  @Test(arguments: Fixtures.names)
  func everyFixtureIsTheSameInPieces(_ name: String) throws {
    let both = try Self.both(try Fixtures.bytes(name))
    #expect(both.split == both.whole)
  }

  @Test(arguments: 0..<60)
  func generatedDocumentsAreTheSameInPieces(_ seed: Int) throws {
    let text = Generated.document(seed: UInt64(seed))
    let both = try Self.both(Array(text.utf8))
    #expect(both.split == both.whole, "seed \(seed):\n\(text)")
  }

  /// The comparison above means something only if the generated documents
  /// are really cut, not sent whole by a fallback.
  @Test func mostGeneratedDocumentsAreReallyCut() throws {
    let cut = try (0..<60).filter { seed in
      try Self.both(Array(Generated.document(seed: UInt64(seed)).utf8)).pieces > 1
    }
    #expect(cut.count >= 45, "only \(cut.count) of 60 were cut")
  }

  @Test func aHeadingUsesDefinitionsInOtherPieces() throws {
    let text = """
      # Uses [the spec][s] and ![a logo][L] and [none][missing]

      Words [s] here.

      # Middle

      [S]: https://example.com/spec

      # End

      [l]: /logo.png

      """
    try Self.expect(text, pieces: 3, firstTitle: "Uses the spec and a logo and [none][missing]")
  }

  /// `text` in `pieces` pieces gives what the whole gives, and its first
  /// heading reads `firstTitle`; both parses, for more checks.
  @discardableResult
  static func expect(
    _ text: String, pieces: Int, firstTitle: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> Both {
    let both = try Self.both(Array(text.utf8))
    #expect(both.pieces == pieces, sourceLocation: sourceLocation)
    #expect(both.split == both.whole, sourceLocation: sourceLocation)
    #expect(both.split.headings.first?.title == firstTitle, sourceLocation: sourceLocation)
    return both
  }

  @Test func aDefinitionInAFenceOrAContinuationIsNone() throws {
    let text = """
      # Uses [fenced] and [continued]

      # Fence

      ```
      [fenced]: /not
      ```

      # Paragraph

      Some text
      [continued]: /not-either

      """
    try Self.expect(text, pieces: 3, firstTitle: "Uses [fenced] and [continued]")
  }

  /// The scan takes a line that opens with a tag for an HTML block, so it
  /// misses the fence after it (cmark sees a paragraph that the fence
  /// interrupts) and proposes a cut inside the fence: cmark's parse of the
  /// piece before shows the fence still open, and the two are joined.
  @Test func aCutThatABlockRunsOverIsJoined() throws {
    let text = """
      # One

      <a href="x"> text
      ```

      # inside the fence
      ```

      # Two

      """
    let both = try Self.both(Array(text.utf8))
    let cuts = Array(text.utf8).withUnsafeBufferPointer {
      MarkdownPieces.cuts($0, lines: LineIndex($0), from: 0, every: 1)
    }
    #expect(cuts.count == 2, "the scan proposes a cut inside the fence")
    #expect(both.pieces == 1, "and the pieces are joined again")
    #expect(both.split == both.whole)
    #expect(both.whole.headings.map(\.title) == ["One", "Two"])
  }

  /// Shapes real documents have, each cut before every heading: the
  /// pieces read what the whole reads, and the document is still cut.
  @Test(arguments: [
    // A footnote referred to in one piece and defined in another.
    ("# A [^n] and [^missing]\n\n# B\n\n[^n]: a note of five words\n", 2),
    // A definition nothing refers to, which cmark drops with its text.
    ("# A\n\n# B\n\n[^u]: unused words\n\n## Inside after\n", 3),
    // Repeated and case-folded definitions: only the first is kept.
    ("# A [^N]\n\n# B\n\n[^n]: first\n\n# C\n\n[^N]: second, dropped\n", 3),
    // A footnote referred to only from another footnote's text.
    ("# A [^a]\n\n[^a]: see [^b]\n\n# B\n\n[^b]: bee words\n\n[^c]: sea [^a]\n", 2),
    // A heading inside a footnote defined in a later piece.
    ("# A [^h]\n\n# B\n\n[^h]:\n    ## In the note\n\n    text\n", 2),
    // Link labels over lines, at the top and in a quote.
    ("# A [x y] and [p q]\n\n# B\n\n[x\ny]: /u\n\n# C\n\n> [P\n> Q]: /v\n", 3),
    // A capital sharp s refers to a sharp s: folded, both read "ss".
    ("# A [ẞ]\n\n# B\n\n[ß]: /u\n", 2),
    // Labels inside code in every piece, and case-folded definitions.
    ("# A [Äb] ```[c]: /no```\n\n```\n[äb]: /no\n```\n\n# B\n\n    [c]: /no\n\n[äB]: /yes\n", 2),
  ])
  func realShapesAreCutAndReadAsTheWhole(_ text: String, pieces: Int) throws {
    let both = try Self.both(Array(text.utf8))
    #expect(both.pieces == pieces, "\(text)")
    #expect(both.split == both.whole, "\(text)")
  }

  @Test func aFootnoteInAnotherPieceReadsAsTheWholeReadsIt() throws {
    let text =
      "# A [^n] and [^missing] and `[^u]`\n\n# B\n\n[^n]: a note of five words\n\n[^u]: unused\n"
    let both = try Self.both(Array(text.utf8))
    #expect(both.split.headings.first?.title == "A and [^missing] and [^u]")
    #expect(both.split.readings.map(\.reading.words).reduce(0, +) == 11)
    #expect(both.again >= 1, "the piece with the unused note goes again: `[^u]` may refer to it")
  }

  /// Summing the readings between headings changes no section's reading.
  @Test(arguments: Fixtures.names)
  func compactedReadingsGiveTheSameOutline(_ name: String) throws {
    let bytes = try Fixtures.bytes(name)
    let options = OutlineOptions(levels: 2...3)
    let document = try Outliner.outline(bytes, path: name, options: options)
    let compacted = try bytes.withUnsafeBufferPointer { buffer in
      let lines = LineIndex(buffer)
      let hidden = FrontMatter.find(in: buffer, lines: lines)
      let parsed = try MarkdownParser.parse(
        buffer, lines: lines, hiddenPrefix: hidden?.endOffset ?? 0)
      return Outliner.assemble(
        parsed.compacted(), path: name, format: .markdown, lines: lines, title: hidden?.title,
        charset: nil, options: options
      ).document
    }
    #expect(compacted.sections == document.sections)
    #expect(compacted.reading == document.reading)
  }

  @Test func cutsFallBeforeHeadingsOutsideFencesAndHTML() {
    let text = Array(
      "intro\n# A\n```\n# no\n```\n<!--\n# no\n-->\n## B\n    # no\n#nope\n###### C\n".utf8)
    let cuts = text.withUnsafeBufferPointer {
      MarkdownPieces.cuts($0, lines: LineIndex($0), from: 0, every: 1)
    }
    let lines = cuts.map { offset in text[..<offset].filter { $0 == 0x0A }.count + 1 }
    #expect(lines == [1, 2, 9, 12])
  }
}

/// Random Markdown made of what is hard at a cut: definitions before and
/// after their use, in quotes and lists, in fences and continuations, case
/// and space differences, HTML blocks and fences over headings, tables,
/// setext headings, a byte order mark, CRLF, front matter, definitions
/// whose destination a heading on the next line would be.
enum Generated {
  static func document(seed: UInt64) -> String {
    var state = seed &* 0x9E37_79B9_7F4A_7C15 &+ 1
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    let blocks: [(Int) -> String] = [
      { "# Heading \($0) [ref\($0 % 7)]\n" },
      { "## Sub \($0) [text][Ref\($0 % 5)] and ![img][ref\($0 % 3)]\n" },
      { "### Plain \($0) ~~struck~~ www.example.com\n" },
      { "[ref\($0 % 7)]: /u\($0)\n" },
      { "[REF\($0 % 5)]:\n  /multi-line \"title\"\n" },
      { "> [ref\($0 % 7)]: /quoted\n" },
      { "- [Ref  \($0 % 5)]: /listed\n" },
      { "```\n# in a fence \($0)\n[ref\($0 % 7)]: /fake\n```\n" },
      { "<div>\n# in html \($0)\n</div>\n" },
      { "<!--\n# in a comment \($0)\n-->\n" },
      { "Text \\[ref\($0 % 7)]: escaped, [ref\($0 % 7)] used\n" },
      { "Text\n[ref\($0 % 7)]: /continuation\n" },
      { "Setext \($0)\n===\n" },
      { "| a | b |\n| - | - |\n| [ref\($0 % 7)] | \($0) |\n" },
      { "    # indented \($0)\n" },
      { "1. item\n\n   # heading in a list \($0)\n" },
      { "Words and more words, \($0) of them, with `code` and *emphasis*.\n" },
      { "<h2>HTML heading \($0)</h2>\n" },
      // Footnotes: referred to and defined anywhere, repeated, case-folded,
      // never referred to, referring to each other, holding a heading.
      { "Note \($0)[^n\($0 % 4)] and [^N\($0 % 3)].\n" },
      { "[^n\($0 % 4)]: the note \($0) [^n\(($0 + 1) % 4)]\n" },
      { "[^N\($0 % 5)]:\n    ## note heading \($0)\n\n    more\n" },
      { "> [^n\($0 % 4)]: quoted note\n" },
      { "```\n[^n\($0 % 4)]: fenced, none\n```\n" },
      // Labels over lines, in a quote too.
      { "[Multi\nLine \($0 % 3)]: /m\n" },
      { "> [multi\n> line \($0 % 3)]: /q\n" },
      { "Uses [multi line \($0 % 3)] here.\n" },
      // A destination on the next line, which a heading there can be.
      { "[ref\($0 % 7)]:\n" },
      { "# \"quoted \($0)\"\n" },
      // What looks like a definition and is none; marks in code; a list
      // item's fence, which the scan takes to open at its close; a
      // footnote nothing refers to; a comment closed before a heading.
      { "Prose then [ref\($0 % 7)]: mid-line, and [^n\($0 % 4)]: too.\n" },
      { "[ref\($0 % 7)]: /u garbage\n" },
      { "```\nsee [^n\($0 % 4)] and [ref\($0 % 7)]\n```\n" },
      { "- ```\n  [ref\($0 % 7)]: /listed\n  ```\n" },
      { "[^spare\($0 % 3)]: spare \($0)\n" },
      { "<!-- comment \($0) -->\n" },
      { "> [ref\($0 % 7)]:\n> /quoted-next\n" },
    ]
    var text = next(5) == 0 ? "---\ntitle: Generated\n---\n" : ""
    for index in 0..<(8 + next(30)) {
      text += blocks[next(blocks.count)](index)
      text += next(3) == 0 ? "" : "\n"
    }
    if next(6) == 0 { text += "```\n# unclosed \n" }
    if next(8) == 0 { text = "\u{FEFF}" + text }
    if next(6) == 0 { text = text.replacingOccurrences(of: "\n", with: "\r\n") }
    return text
  }
}

@Suite struct SpecialCharactersTests {
  /// The program's definition is the one cmark-gfm calls, so parsers
  /// finish side by side; and strikethrough and autolinks still work.
  @Test func theProgramKeepsTheCharactersAndTheExtensionsStillWork() throws {
    let document = try Outliner.outline(
      Array("# a ~~b~~ c www.example.com\n".utf8), path: "a.md")
    #expect(document.sections.first?.title == "a b c www.example.com")
    #expect(SpecialCharacters.isKeptSet)
    let again = try Outliner.outline(Array("# ~~d~~\n".utf8), path: "b.md")
    #expect(again.sections.first?.title == "d")
  }
}

/// A large document is never needed whole: every scan and every piece
/// tells the reader which bytes it is done with.
@Suite struct ReleaseTests {
  final class Released: @unchecked Sendable {
    private let lock = NSLock()
    private var ranges: [Range<Int>] = []
    func add(_ range: Range<Int>) { lock.withLock { ranges.append(range) } }
    var all: [Range<Int>] { lock.withLock { ranges } }
  }

  /// Each scan gives back its bytes as it passes them, in stretches of at
  /// most the release step from the start to the end: never the whole at
  /// the end, which would leave the whole document resident first. (A step
  /// of 64 KiB over 1 MB here; `Outliner.releaseStep` on real documents.)
  @Test func everyScanReleasesWhatItHasPassed() throws {
    let text =
      (0..<20_000).map { "## Heading \($0)\n\nSome [words][w] here: and more.\n\n" }
      .joined() + "[w]: /u\n"
    let bytes = Array(text.utf8)
    let step = 1 << 16
    func expectStretches(_ ranges: [Range<Int>], _ scan: String) {
      let passed = ranges.filter { !$0.isEmpty }
      #expect(passed.first?.lowerBound ?? 1 <= 1, "\(scan) starts at the start")
      #expect(passed.last?.upperBound == bytes.count, "\(scan) ends at the end")
      #expect(passed.count > 4, "\(scan) in stretches")
      #expect(passed.allSatisfy { $0.count <= step + 4096 }, "\(scan): \(passed)")
      #expect(zip(passed, passed.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
    }
    let lines = Released()
    let cuts = Released()
    let pieces = Released()
    let starts = bytes.withUnsafeBufferPointer { buffer in
      let index = LineIndex(buffer, release: lines.add, step: step)
      let starts = MarkdownPieces.cuts(
        buffer, lines: index, from: 0, every: 1 << 15, release: cuts.add, step: step)
      let whole = PieceParse(
        bytes: buffer, lines: index, hiddenPrefix: 0, maxDepth: 100, release: pieces.add)
      _ = try? whole.parse(cutAt: starts)
      return starts
    }
    expectStretches(lines.all, "the line index")
    expectStretches(cuts.all, "the cut scan")
    // Each piece releases its own bytes once it is scanned for labels and
    // once it is parsed.
    let released = Set(pieces.all.map { [$0.lowerBound, $0.upperBound] })
    #expect(starts.count > 10)
    for (index, start) in starts.enumerated() {
      let end = index + 1 < starts.count ? starts[index + 1] : bytes.count
      #expect(released.contains([start, end]), "piece \(index)")
    }
  }
}

/// Inputs the pieces fuzzer found, kept as they were found.
@Suite struct PiecesRegressionTests {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Regressions")

  @Test(arguments: [
    "pieces-lone-cr.md", "pieces-footnote-nul-label.md",
    "pieces-footnote-probe-taken-by-a-link.md", "pieces-link-probe-read-as-a-footnote.md",
    // A footnote the first piece seemed to define (its mark is no
    // definition), probed again in the last piece, which then fell back on
    // it after a fence left open to the end.
    "pieces-last-piece-probed-into-an-open-fence.md",
    // `[^NUL]` refers to `[^0xEB]:e`: cmark reads both labels as U+FFFD;
    // and a probe `[^0xEB]` ending its line lost its `]` to the check of
    // UTF-8 (a three-byte lead with two bytes left takes them all).
    "pieces-probe-of-a-label-ending-in-a-lead-byte.md",
  ])
  func foundByTheFuzzer(_ name: String) throws {
    let bytes = Array(try Data(contentsOf: Self.directory.appendingPathComponent(name)))
    let both = try PiecesTests.both(bytes)
    #expect(both.split.headings == both.whole.headings)
    #expect(both.split.readings == both.whole.readings)
    #expect(both.split.markers == both.whole.markers)
  }
}
