import Foundation
import TestSupport
import Testing

@testable import Found

/// Each escaped title read back by cmark-gfm itself (the GitHub extensions
/// on) as exactly the title, in every context isle writes one: a link's
/// text in a list item, a list item's start, between `**`, a paragraph's
/// start.
@Suite struct MarkdownEscapeTests {
  static let command = ["/usr/bin/cmark-gfm", "/usr/local/bin/cmark-gfm"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  /// Titles that would read as Markdown if written as they are.
  static let hostile = [
    "*emphasis*", "**strong**", "a * b", "2*3*4", "_under_", "snake_case_name", "_", "__init__",
    "trailing_", "`code`", "``double``", "a ` b", "[link](url)", "[ref]", "[^1]", "]", "[",
    "![image](x.png)", "Hello!", "<b>bold</b>", "<https://example.com>", "a < b > c", "x >",
    "C:\\dir\\file", "back\\", "\\*not*", "\\_x_", "\\\\", "a\\[b", "~~struck~~", "~one~",
    "&amp;", "&#42;", "&#x2A;", "&copy; 2024", "AT&T", "a & b", "&", "# Heading", "## Two",
    "####### seven", "#hashtag", "#", "1. First", "2) Second", "123456789. long",
    "1234567890. longer", "1.5 release", "2024", "- dash", "-", "+ plus", "+1", "---",
    "- - -", "***", "___", "-- two", "> quote", ">", "| a | b |", "a | b", "=== x", "{curly}",
    "(paren)", "\"quoted\" 'single'", "x: y", "unicode_ünïcode_名前", "emoji 😀_😀",
  ]

  /// The title as cmark-gfm writes text into HTML.
  static func html(_ text: String) -> String {
    var out = ""
    for character in text {
      switch character {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      default: out.append(character)
      }
    }
    return out
  }

  /// cmark-gfm's HTML for `markdown`, one line an element.
  static func rendered(_ markdown: String) throws -> [String] {
    let command = try #require(command, "cmark-gfm is not installed: make test-deps installs it")
    let arguments = ["-e", "strikethrough", "-e", "autolink", "-e", "table", "-e", "tagfilter"]
    let outcome = try Spawn.run(
      command, arguments + ["--to", "html"], stdin: Array(markdown.utf8))
    #expect(outcome.status == 0, "\(outcome.errors)")
    return outcome.output.split(separator: "\n").map(String.init)
  }

  /// `html` without the links GitHub's autolink extension makes of a bare
  /// URL (`https://…`, `www.…`), whose text stays as written.
  static func unlinked(_ html: String) -> String {
    var out = html
    while let open = out.range(of: "<a href=\"http"),
      let close = out[open.upperBound...].range(of: "\">")
    {
      out.removeSubrange(open.lowerBound..<close.upperBound)
      if let end = out[open.lowerBound...].range(of: "</a>") { out.removeSubrange(end) }
    }
    return out
  }

  /// Each title written as `write` makes it, one a line of the Markdown,
  /// read back as the HTML line `expected` makes of the title.
  func readsBack(
    _ write: (String) -> String, _ expected: (String) -> String, list: Bool = true
  ) throws {
    let markdown = Self.hostile.map { write($0) + "\n" }.joined()
    var wanted = Self.hostile.map { expected(Self.html($0)) }
    var actual = try Self.rendered(markdown).map(Self.unlinked)
    if list {
      wanted = wanted.map { "<li>" + $0 + "</li>" }
      #expect(actual.first == "<ul>" && actual.last == "</ul>")
      actual = Array(actual.dropFirst().dropLast())
    }
    #expect(actual.count == wanted.count, "\(actual)")
    for (title, (got, want)) in zip(Self.hostile, zip(actual, wanted)) where got != want {
      Issue.record("\(title.debugDescription) reads back as \(got), not \(want)")
    }
  }

  @Test func aLinksTextReadsBackAsTheTitle() throws {
    try readsBack(
      { "- [" + MarkdownEscape.inline($0) + "](u)" }, { "<a href=\"u\">" + $0 + "</a>" })
  }

  @Test func aListItemsStartReadsBackAsTheTitle() throws {
    try readsBack({ "- " + MarkdownEscape.lineStart($0) }, { $0 })
  }

  @Test func strongTextReadsBackAsTheTitle() throws {
    try readsBack({ "- **" + MarkdownEscape.inline($0) + "**" }, { "<strong>" + $0 + "</strong>" })
  }

  @Test func aParagraphsStartReadsBackAsTheTitle() throws {
    try readsBack({ MarkdownEscape.lineStart($0) + "\n" }, { "<p>" + $0 + "</p>" }, list: false)
  }

  /// A backslash goes only where the Markdown would change without it.
  @Test func plainTitlesStayAsTheyAre() {
    for title in ["println!", "C:\\dir", "snake_case", "a > b", "#hashtag", "1.5 release", "x | y"]
    {
      #expect(MarkdownEscape.inline(title) == title)
      #expect(MarkdownEscape.lineStart(title) == title)
    }
    #expect(MarkdownEscape.lineStart("1. First") == "1\\. First")
    #expect(MarkdownEscape.inline("&amp;") == "\\&amp;")
  }
}
