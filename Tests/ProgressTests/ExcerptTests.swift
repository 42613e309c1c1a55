import Outline
import ReadingTime
import TestSupport
import Testing

@testable import Progress

/// `isle show`'s choices: what a selector names, where a section's text
/// runs, and how a document's records and their parts cover it.
@Suite struct ExcerptTests {
  static let text = """
    Before any heading.

    # Guide

    ## Install

    ### Linux

    Packages.

    #### From source

    Make it.

    ### macOS

    Brew it.

    ## Use

    ### Linux

    Run it.

    ## TCP/IP

    Wires.

    """

  static func tree(_ text: String = text, levels: ClosedRange<Int> = 1...3) -> (
    HeadingTree, Document
  ) {
    let document = try! Outliner.outline(
      Array(text.utf8), path: "doc.md", options: OutlineOptions(levels: levels))
    return (HeadingTree(document), document)
  }

  /// The titles `selector` names, in order; the preamble as `-`.
  static func titles(_ selector: String) throws(SelectorError) -> [String] {
    let (tree, document) = tree()
    return try Selector(selector).resolve(in: tree, document: document).map {
      $0.map { tree.headings[$0].title } ?? "-"
    }
  }

  @Test(arguments: [
    ("3..5", Selector.range(3, 5)), ("3..", .range(3, nil)), ("12..12", .range(12, 12)),
    ("Install/Linux", .path(["Install", "Linux"], text: "Install/Linux")),
    ("Install > Linux", .path(["Install", "Linux"], text: "Install > Linux")),
    ("A > B/C", .path(["A", "B/C"], text: "A > B/C")),
    ("guide.md#install", .jump("guide.md#install")), ("docs/a#b", .jump("docs/a#b")),
    ("..5", .jump("..5")), ("1.5", .jump("1.5")), ("install", .jump("install")),
    ("/", .jump("/")), ("Install/", .jump("Install/")),
  ])
  func readsSelectors(_ text: String, _ expected: Selector) {
    #expect(Selector(text) == expected)
  }

  @Test func aBackwardsRangeIsKnownBeforeAnyDocument() {
    #expect(Selector("5..3").isBackwards)
    #expect(!Selector("3..5").isBackwards)
    #expect(!Selector("3..").isBackwards)
  }

  @Test(arguments: [
    ("Install/Linux", ["Linux"]), ("Use > Linux", ["Linux"]),
    ("guide/from source", ["From source"]),
    ("Install/Linux/From source", ["From source"]), ("install/linux", ["Linux"]),
    ("TCP/IP", ["TCP/IP"]), ("3..4", ["Linux", "macOS"]), ("0", ["-"]), ("0..1", ["-", "Guide"]),
    ("5..", ["Use", "Linux", "TCP/IP"]), ("5..99", ["Use", "Linux", "TCP/IP"]),
    ("from-source", ["From source"]), ("install", ["Install"]),
  ])
  func namesSections(_ selector: String, _ expected: [String]) throws {
    #expect(try Self.titles(selector) == expected)
  }

  @Test func aPathNamesWhichOfTwoAlikeHeadings() throws {
    let (tree, document) = Self.tree()
    let install = try Selector("Install/Linux").resolve(in: tree, document: document)
    let use = try Selector("Use/Linux").resolve(in: tree, document: document)
    #expect(install != use)
    #expect(tree.titles(to: install[0]!) == ["Guide", "Install", "Linux"])
    #expect(tree.titles(to: use[0]!) == ["Guide", "Use", "Linux"])
  }

  @Test func missesSayWhatIsNear() {
    #expect(throws: SelectorError.ambiguous([2, 6])) { try Self.titles("Guide/Linux") }
    #expect(throws: SelectorError.noMatch(closest: [2, 6])) { try Self.titles("Use/Linox") }
    #expect(throws: SelectorError.noMatch(closest: [])) { try Self.titles("Install/Windows") }
    #expect(throws: SelectorError.noMatch(closest: [7])) { try Self.titles("20..") }
  }

  @Test func aPositionNamesTheSectionShownThatHoldsIt() throws {
    let (tree, document) = Self.tree()
    func held(_ kind: Position.Kind, _ value: Int) throws -> String {
      try Selector.position(kind, String(value)).resolve(in: tree, document: document).map {
        $0.map { tree.headings[$0].title } ?? "-"
      }[0]
    }
    #expect(try held(.line, 1) == "-")
    #expect(try held(.line, 3) == "Guide")
    // Inside a heading deeper than shown: the section that holds it.
    #expect(try held(.line, 13) == "Linux")
    #expect(try held(.offset, document.size) == "TCP/IP")
    #expect(throws: SelectorError.self) { try held(.line, 900) }
  }

  /// The section of each heading runs to the next at its level or above,
  /// counted naively here from the outline at every level.
  @Test func eachSectionRunsToTheNextHeadingAtItsLevelOrAbove() {
    let (tree, _) = Self.tree()
    let (all, _) = Self.tree(levels: 1...6)
    let bytes = Array(Self.text.utf8)
    for (index, heading) in tree.headings.enumerated() {
      let next = all.headings.first { $0.offset > heading.offset && $0.level <= heading.level }
      let excerpt = tree.excerpt(index)!
      #expect(excerpt.bytes == heading.offset..<(next?.offset ?? bytes.count))
      let following = all.headings.first { $0.offset > heading.offset }
      #expect(
        tree.excerpt(index, subsections: false)!.bytes
          == heading.offset..<(following?.offset ?? bytes.count))
    }
  }

  @Test func aSectionInsideAnotherIsPrintedWithinIt() {
    let (tree, _) = Self.tree()
    let picked = [tree.excerpt(4)!, tree.excerpt(1)!, tree.excerpt(2)!, tree.excerpt(1)!]
    #expect(Excerpt.merged(picked).map(\.heading) == [1])
    let apart = [tree.excerpt(6)!, tree.excerpt(2)!, tree.excerpt(6)!]
    #expect(Excerpt.merged(apart).map(\.heading) == [2, 6])
  }

  @Test func theRecordsCoverTheTextAndReadAsTheSections() {
    let (tree, document) = Self.tree()
    let records = tree.records()
    #expect(records.first?.heading == nil)
    #expect(records.dropFirst().map(\.heading) == tree.shown)
    var at = tree.textStart
    for record in records {
      #expect(record.bytes.lowerBound == at)
      at = record.bytes.upperBound
    }
    #expect(at == document.size)
    for (record, section) in zip(records.dropFirst(), document.sections) {
      #expect(record.reading == section.reading)
      #expect(Int(record.seconds.rounded()) == section.seconds)
    }
  }

  @Test func aDocumentWithoutHeadingsIsOneRecord() {
    let (tree, document) = Self.tree("Just text.\n")
    #expect(tree.records().map(\.bytes) == [0..<document.size])
    let (empty, _) = Self.tree("")
    #expect(empty.records().map(\.bytes) == [0..<0])
  }

  /// Random documents: the parts of every record cover it, start where
  /// blocks start, and only a block alone reads more than the limit.
  @Test func partsCoverTheirRecordAndCutBetweenBlocks() throws {
    let pieces = [
      "# Top\n\n", "## Part\n\n", "### Deeper\n\n", "#### Deepest\n\n",
      "Some words in a paragraph that goes on for a while.\n\n",
      "```\n# not a heading\ncode code code\n```\n\n", "- one item\n- two items here\n\n",
      "> quoted words\n> more quoted words\n\n", "<div>\nraw html words\n</div>\n\n",
      "Setext\n---\n\n", "| a | b |\n| - | - |\n| c | d |\n\n", "    indented code\n\n",
    ]
    var random = SplitMix(state: 30)
    for _ in 0..<150 {
      var text = Int.random(in: 0..<4, using: &random) == 0 ? "---\ntitle: T\n---\n" : ""
      for _ in 0..<Int.random(in: 0..<25, using: &random) {
        text += pieces[Int.random(in: 0..<pieces.count, using: &random)]
      }
      let bytes = Array(text.utf8)
      let outlined = try Outliner.outlined(bytes, path: "doc.md", options: Self.withBlocks)
      let (document, blocks) = (outlined.document, try #require(outlined.blocks))
      let start = DocumentShape.frontMatterEnd(of: bytes.span)
      let tree = HeadingTree(document, textStart: start)
      let limit = Int.random(in: 1..<30, using: &random)
      var at = start
      for record in tree.records() {
        let parts = record.cut(maxWords: limit, blocks: blocks, rate: ReadingRate())
        #expect(parts.first?.bytes.lowerBound == record.bytes.lowerBound, "\(text)")
        for part in parts {
          #expect(part.bytes.lowerBound == at, "\(text)")
          at = part.bytes.upperBound
          #expect(part.heading == record.heading)
          #expect(
            parts.count == 1 || part.part == 1 || blocks.starts.contains(part.bytes.lowerBound))
          // Over the limit: one block that reads, perhaps with some that
          // do not (its heading).
          let reading = blocks.starts.indices.filter {
            part.bytes.contains(blocks.starts[$0]) && blocks.readings[$0].wordCount > 0
          }
          #expect(
            part.reading.wordCount <= limit || parts.count == 1 || reading.count <= 1, "\(text)")
        }
        #expect(at == record.bytes.upperBound)
      }
      #expect(at == bytes.count)
    }
  }

  @Test func aSetextHeadingEndsAfterItsUnderline() throws {
    let bytes = Array("Intro\n\nTitle\nover two\n=====\n\nBody.\n\n## Next\n".utf8)
    let blocks = try #require(
      try Outliner.outlined(bytes, path: "doc.md", options: Self.withBlocks).blocks)
    #expect(blocks.headingEnd(at: 7) == 28)
    #expect(blocks.headingEnd(at: 36) == bytes.count)
    #expect(blocks.headingEnd(at: 0) == nil)
  }

  /// The outline's options with its blocks asked for.
  static var withBlocks: OutlineOptions {
    var options = OutlineOptions()
    options.findsBlocks = true
    return options
  }
}
