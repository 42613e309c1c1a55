import Dispatch
import Testing

@testable import Outline
@testable import ReadingTime

@Suite struct OutlinerTests {
  private func outline(_ text: String, levels: ClosedRange<Int> = 1...6) throws -> Document {
    try Outliner.outline(Array(text.utf8), path: nil, options: OutlineOptions(levels: levels))
  }

  private func outline(bytes: [UInt8], levels: ClosedRange<Int> = 1...6) throws -> Document {
    try Outliner.outline(bytes, path: nil, options: OutlineOptions(levels: levels))
  }

  @Test func findsATXAndSetextHeadings() throws {
    let document = try outline("# One\n\nTwo\n===\n\nThree\n---\n")
    #expect(document.sections.map(\.title) == ["One", "Two", "Three"])
    #expect(document.sections.map(\.level) == [1, 1, 2])
    #expect(document.sections.map(\.line) == [1, 3, 6])
  }

  @Test func codeIsNotAHeading() throws {
    let text = "```\n# fenced\n```\n\n    # indented\n\n~~~\n## tilde\n~~~\n\n# Real\n"
    #expect(try outline(text).sections.map(\.title) == ["Real"])
  }

  @Test func headingsInsideListsAndQuotesCount() throws {
    let document = try outline("- # In a list\n\n> ## In a quote\n")
    #expect(document.sections.map(\.title) == ["In a list", "In a quote"])
    #expect(document.sections.map(\.offset) == [0, 15])
  }

  @Test func titlesArePlainText() throws {
    let text = "# A *b* **c** `d` [e](f) ![g](h) ~~i~~ &amp; &#x41;   j\n"
    #expect(try outline(text).sections.first?.title == "A b c d e g i & A j")
  }

  @Test func levelsFoldDeeperHeadingsIntoTheirParent() throws {
    let text = "# Top\n\none two\n\n#### Deep\n\nthree four five\n\n## Next\n\nsix\n"
    let document = try outline(text, levels: 1...3)
    #expect(document.sections.map(\.title) == ["Top", "Next"])
    // "Deep"'s text folds into "Top": one two + three four five. No
    // heading is read (each names a row), so the time is the same at
    // every level.
    #expect(document.sections[0].words == 5)
    #expect(document.sections[0].endLine == 9)
    #expect(document.sections[1].words == 1)
  }

  @Test func minLevelHidesShallowerHeadings() throws {
    let document = try outline("# Title\n\n## A\n\n## B\n", levels: 2...3)
    #expect(document.sections.map(\.title) == ["A", "B"])
    #expect(document.sections.map(\.number) == [1, 2])
    #expect(document.title == "Title")
  }

  @Test func idsAreUniqueAcrossEveryLevel() throws {
    // The level-4 "Setup" takes the plain id even though it is not shown.
    let document = try outline("#### Setup\n\n## Setup\n", levels: 1...3)
    #expect(document.sections.map(\.id) == ["setup-1"])
  }

  @Test func sectionsEndWhereTheNextBegins() throws {
    let text = "# A\n\nx\n\n# B\n\ny\n"
    let document = try outline(text)
    #expect(document.sections[0].endOffset == document.sections[1].offset)
    #expect(document.sections[0].endLine == document.sections[1].line)
    #expect(document.sections[1].endOffset == text.utf8.count)
    #expect(document.sections[1].endLine == document.lineCount + 1)
  }

  @Test func aSectionWithNothingToReadHasNoDetail() throws {
    let document = try outline("# Empty\n# Full\n\nwords\n")
    #expect(document.sections[0].minutes == 0)
    #expect(document.sections[0].seconds == 0)
    #expect(document.sections[1].seconds == 0, "one word is a quarter of a second")
    #expect(document.sections[1].reading == ReadingAmount(words: 1))
  }

  @Test func imagesAreTimedNotRead() throws {
    let document = try outline("# Pictures\n\n![a long alt text here](x.png)\n")
    #expect(document.sections[0].reading == ReadingAmount(words: 0, images: 1))
    #expect(document.sections[0].seconds == 12)
    #expect(document.sections[0].minutes == 0)
  }

  @Test func offsetsAreExactAfterBOMAndCRLF() throws {
    let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("# A\r\n\r\ntext\r\n## B\r\n".utf8)
    let document = try outline(bytes: bytes)
    #expect(document.sections.map(\.offset) == [0, 16])
    #expect(document.sections.map(\.line) == [1, 4])
    #expect(bytes[16] == UInt8(ascii: "#"))
  }

  @Test func offsetsAreExactAfterNULAndInvalidUTF8() throws {
    // cmark widens a NUL to three bytes in its own text; our offsets come
    // from the raw bytes.
    let bytes: [UInt8] =
      Array("# A\0\0\0\n\u{0}x\u{FF}\n".utf8) + [0xFF, 0xC3, 0x0A] + Array("## B\n".utf8)
    let document = try outline(bytes: bytes)
    #expect(document.sections.count == 2)
    let second = try #require(document.sections.last)
    #expect(bytes[second.offset] == UInt8(ascii: "#"))
    #expect(document.sections[0].title == "A\u{FFFD}\u{FFFD}\u{FFFD}")
  }

  @Test func noHeadingsNoSections() throws {
    #expect(try outline("just text\n").sections.isEmpty)
    #expect(try outline("").sections.isEmpty)
    #expect(try outline("").lineCount == 0)
  }

  @Test func documentTitleFallsBackToTheFirstLevelOneHeading() throws {
    #expect(try outline("## Sub\n\n# Main\n").title == "Main")
    #expect(try outline("## Only sub\n").title == nil)
  }
}

@Suite struct FrontMatterTests {
  private func outline(_ text: String) throws -> Document {
    try Outliner.outline(Array(text.utf8), path: nil, options: OutlineOptions(levels: 1...6))
  }

  @Test func yamlIsSkippedAndGivesTheTitle() throws {
    let document = try outline("---\ntitle: 'It''s here'\nx: 1\n---\nHeading\n=======\n")
    #expect(document.title == "It's here")
    #expect(document.sections.map(\.title) == ["Heading"])
    #expect(document.sections.map(\.line) == [5])
    #expect(document.sections.map(\.offset) == [33])
  }

  @Test func yamlMayCloseWithDots() throws {
    let document = try outline("---\ntitle: \"Dots \\\"q\\\"\"\n...\n# H\n")
    #expect(document.title == "Dots \"q\"")
    #expect(document.sections.map(\.line) == [4])
  }

  /// A lone CR in front matter ends a line of its own: the heading after
  /// it keeps its line and offset (the pieces fuzzer found it off by one).
  @Test func aLoneCRInFrontMatterKeepsTheLinesAfter() throws {
    let text = "+++\na = 1\rb = 2\n+++\n# H\n"
    let document = try Outliner.outline(Array(text.utf8), path: "a.md")
    #expect(document.sections.map(\.line) == [5])
    #expect(document.sections.map(\.offset) == [Array(text.utf8).count - 4])
  }

  @Test func tomlIsSkippedAndGivesTheTitle() throws {
    let document = try outline("+++\ntitle = \"Toml\"\n+++\n# H\n")
    #expect(document.title == "Toml")
    #expect(document.sections.map(\.title) == ["H"])
  }

  @Test func anUnclosedFenceIsNotFrontMatter() throws {
    // A thematic break and a paragraph, as cmark reads them.
    let document = try outline("---\ntitle: x\n\n## H\n")
    #expect(document.title == nil)
    #expect(document.sections.map(\.title) == ["H"])
    #expect(document.sections.map(\.line) == [4])
  }

  @Test func aFenceFollowedByABlankLineIsAThematicBreak() throws {
    let document = try outline("---\n\nText\n---\n")
    #expect(document.sections.map(\.title) == ["Text"])
  }

  @Test func frontMatterAfterABOMIsSkipped() throws {
    let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("---\ntitle: B\n---\n# H\n".utf8)
    let document = try Outliner.outline(bytes, path: nil)
    #expect(document.title == "B")
    #expect(document.sections.map(\.offset) == [20])
  }

  /// CommonMark's example 96: `Foo` is no mapping, so the fences are a
  /// thematic break and setext underlines.
  @Test func aScalarBetweenFencesIsMarkdown() throws {
    let document = try outline("---\nFoo\n---\nBar\n---\nBaz\n")
    #expect(document.sections.map(\.title) == ["Foo", "Bar"])
    #expect(document.sections.map(\.level) == [2, 2])
    #expect(document.sections.map(\.line) == [2, 4])
  }

  @Test(arguments: [
    // pandoc reads `title:x` as a scalar, not a key.
    ("---\ntitle:x\n---\n", ["title:x"]),
    // A key and then a line that is not YAML.
    ("---\ntitle: x\nBar\n---\n", ["title: x Bar"]),
    // A sequence is not a mapping: a list, then a thematic break.
    ("---\n- a\n- b\n---\n# H\n", ["H"]),
    // Not a TOML table: a paragraph that a setext underline makes a heading.
    ("+++\nNot TOML\n+++\nHeading\n---\n", ["+++ Not TOML +++ Heading"]),
  ])
  func blocksThatAreNotMappingsAreMarkdown(text: String, titles: [String]) throws {
    let document = try outline(text)
    #expect(document.sections.map(\.title) == titles)
  }

  @Test(arguments: [
    "---\n# a comment\ntitle: x\n---\n",
    "---\n\"title\": x\ntags:\n- a\n- b\n---\n",
    "---\ntitle: x\ndescription: >\n  Folded\n  text\n...\n",
    "---\n? complex\n: value\n---\n",
    "---\n---\n",
    "+++\n# a comment\n[params]\nx = 1\n+++\n",
    "+++\n\"quoted key\" = 1\n+++\n",
    "+++\nsite.title = \"x\"\n+++\n",
  ])
  func mappingsAndTablesAreFrontMatter(_ text: String) throws {
    let document = try outline(text + "Heading\n=======\n")
    #expect(document.sections.map(\.title) == ["Heading"])
    #expect(document.sections.first?.line == text.split(separator: "\n").count + 1)
  }

  @Test func onlyTheFirstLineOpensFrontMatter() throws {
    let document = try outline("# A\n---\ntitle: x\n---\n")
    #expect(document.title == "A")
  }
}

/// Titles gathered from many threads, behind a semaphore (which
/// ThreadSanitizer understands, as it does libdispatch).
final class Titles: @unchecked Sendable {
  private var lists: [[String]]
  private let lock = DispatchSemaphore(value: 1)

  init(count: Int) { lists = Array(repeating: [], count: count) }

  func set(_ index: Int, _ titles: [String]) {
    lock.wait()
    lists[index] = titles
    lock.signal()
  }

  var all: [[String]] {
    lock.wait()
    defer { lock.signal() }
    return lists
  }
}

@Suite struct ConcurrencyTests {
  /// cmark-gfm's special-character table is global; parsers finishing on
  /// other threads must not take `~` away from one parsing inlines.
  @Test func parallelParsesAgreeWithOneAlone() throws {
    let text = (1...200).map { "## Part ~~\($0)~~ of www.example.com/\($0)\n\nWords ~~struck~~.\n" }
      .joined()
    let alone = try Outliner.outline(Array(text.utf8), path: nil)
    let titles = Titles(count: 64)
    DispatchQueue.concurrentPerform(iterations: 64) { index in
      let document = try! Outliner.outline(Array(text.utf8), path: nil)
      titles.set(index, document.sections.map(\.title))
    }
    let expected = alone.sections.map(\.title)
    #expect(expected.first == "Part 1 of www.example.com/1")
    for found in titles.all { #expect(found == expected) }
  }
}
