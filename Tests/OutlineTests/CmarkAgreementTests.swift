import Foundation
import TestSupport
import Testing

@testable import Outline

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// isle's headings against cmark-gfm's own: every fixture through the
/// `cmark-gfm` command (`--to xml --sourcepos`, the GitHub extensions on),
/// compared with `isle toc --max-level 6`'s sections for level, line and
/// title (the heading's rendered text).
@Suite struct CmarkAgreementTests {
  struct Heading: Equatable, CustomStringConvertible {
    var level: Int
    var line: Int
    var title: String
    var description: String { "h\(level)@\(line) \(title.debugDescription)" }
  }

  static let command = ["/usr/bin/cmark-gfm", "/usr/local/bin/cmark-gfm"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  /// Fixtures that open with front matter, which cmark-gfm does not know.
  static let frontMatterFixtures: Set<String> = ["tricky-headings.md", "toml-front-matter.md"]

  /// cmark-gfm writes C0 control characters into its XML raw, which XML
  /// cannot carry, so a fixture full of them has no oracle here; the
  /// golden and safety tests cover it.
  static let unrepresentableInXML: Set<String> = ["control-characters.md"]

  @Test(
    arguments: requiredCases(
      Fixtures.names.filter { !unrepresentableInXML.contains($0) }, "fixtures for cmark-gfm"))
  func headingsMatchCmarkGFM(_ name: String) throws {
    let command = try #require(
      Self.command, "cmark-gfm is not installed: make test-deps installs it")
    var bytes = try Fixtures.bytes(name)
    if Self.frontMatterFixtures.contains(name) {
      bytes = Self.blankingFrontMatter(bytes)
    }
    // cmark's tree carries footnote definitions (and headings in them) to
    // the end; the document's order is the order of lines.
    let expected = try Self.cmarkHeadings(bytes, command: command).enumerated()
      .sorted { ($0.element.line, $0.offset) < ($1.element.line, $1.offset) }.map(\.element)
    let document = try Outliner.outline(bytes, path: name, options: OutlineOptions(levels: 1...6))
    // Headings from raw HTML blocks are isle's own addition; cmark's are the
    // rest, told apart by the `<h` their offset starts with.
    let actual = document.sections.filter { !Self.startsWithHTMLHeading(bytes, at: $0.offset) }
      .map { Heading(level: $0.level, line: $0.line, title: $0.title) }
    #expect(actual == expected)
  }

  static func startsWithHTMLHeading(_ bytes: [UInt8], at offset: Int) -> Bool {
    offset + 2 < bytes.count && bytes[offset] == UInt8(ascii: "<")
      && (bytes[offset + 1] | 0x20) == UInt8(ascii: "h")
      && (0x31...0x36).contains(bytes[offset + 2])
  }

  /// The fixture with its front matter lines emptied (line endings kept), as
  /// a reader who knows front matter sees it. Done by hand here, apart from
  /// the code under test: the block runs from the first line to the next
  /// `---`, `...` or `+++` line.
  static func blankingFrontMatter(_ bytes: [UInt8]) -> [UInt8] {
    let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    var result: [UInt8] = []
    var inside = true
    for (index, line) in lines.enumerated() {
      let text = String(decoding: line, as: UTF8.self)
      if inside {
        if index > 0 && ["---", "...", "+++"].contains(text) { inside = false }
      } else {
        result += line
      }
      if index + 1 < lines.count { result.append(UInt8(ascii: "\n")) }
    }
    return result
  }

  static func cmarkHeadings(_ bytes: [UInt8], command: String) throws -> [Heading] {
    let input = FileManager.default.temporaryDirectory
      .appendingPathComponent("isle-cmark-\(UUID().uuidString).md")
    try Data(bytes).write(to: input)
    defer { try? FileManager.default.removeItem(at: input) }
    let run = try Spawn.run(
      command,
      ["--to", "xml", "--sourcepos", "--validate-utf8"]
        + ["table", "strikethrough", "autolink", "tagfilter", "tasklist", "footnotes"].flatMap {
          ["-e", $0]
        }
        + [input.path])
    // cmark-gfm 0.29's XML renderer names a footnote reference
    // `<<unknown>`, which is not XML; it holds no heading text, so it is
    // renamed before parsing.
    let xml = Data(run.output.replacingOccurrences(of: "<<unknown>", with: "<unknown").utf8)
    let collector = HeadingCollector()
    let parser = XMLParser(data: xml)
    parser.delegate = collector
    #expect(parser.parse(), "cmark-gfm's XML did not parse")
    return collector.headings
  }

  /// Collects `<heading>` elements: level, first line, and rendered text
  /// (text and code, soft and hard breaks as spaces, image alt text, no raw
  /// HTML), white space collapsed.
  final class HeadingCollector: NSObject, XMLParserDelegate {
    var headings: [Heading] = []
    private var current: Heading?
    private var text = ""
    private var stack: [String] = []

    func parser(
      _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
      qualifiedName: String?, attributes: [String: String] = [:]
    ) {
      stack.append(name)
      if name == "heading" {
        let line = Int(attributes["sourcepos"]?.split(separator: ":").first ?? "") ?? 0
        current = Heading(level: Int(attributes["level"] ?? "") ?? 0, line: line, title: "")
        text = ""
      } else if current != nil && (name == "softbreak" || name == "linebreak") {
        text += " "
      }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
      guard current != nil, let top = stack.last, top == "text" || top == "code" else { return }
      text += string
    }

    func parser(
      _ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?
    ) {
      stack.removeLast()
      if name == "heading", var heading = current {
        heading.title = text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        headings.append(heading)
        current = nil
      }
    }
  }
}
