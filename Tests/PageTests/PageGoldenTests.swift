import Foundation
import Page
import TestSupport
import Testing

/// Each fixture laid out at two widths, against golden files in
/// `Goldens/` (re-recorded with `ISLE_RECORD=1`): every line with the
/// source bytes it stands for and its text, styles marked.
@Suite struct PageGoldenTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  static let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Goldens")

  static let fixtures = [
    "beekeeping.md", "gfm-extras.md", "tricky-headings.md", "cjk.md", "emoji.md", "rtl.md",
    "control-characters.md", "toml-front-matter.md", "crlf.md", "article.html",
    "tables-unclosed.html",
  ]

  static func bytes(_ name: String) throws -> [UInt8] {
    try Array(Data(contentsOf: root.appendingPathComponent("fixtures/" + name)))
  }

  static func format(_ name: String) -> PageFormat { name.hasSuffix(".html") ? .html : .markdown }

  /// The lines as the golden files hold them: `start-end|text`, with bold
  /// `*`, code `` ` `` and links `<…>` marked around their runs.
  static func describe(_ lines: [PageLine]) -> String {
    lines.map { line in
      let text = line.runs.map { run -> String in
        var text = run.text
        if run.style.contains(.code) { text = "`" + text + "`" }
        if run.style.contains(.bold) { text = "*" + text + "*" }
        if let link = run.link { text = "<" + text + "|" + link + ">" }
        return text
      }.joined()
      return "\(line.bytes.lowerBound)-\(line.bytes.upperBound)|\(text)"
    }.joined(separator: "\n") + "\n"
  }

  @Test(arguments: requiredCases(fixtures, "fixtures"), [32, 80])
  func layout(_ name: String, _ width: Int) throws {
    let bytes = try Self.bytes(name)
    let hidden = Self.format(name) == .markdown ? DocumentShapeProbe.frontMatterEnd(bytes) : 0
    let lines = Page.lay(bytes, format: Self.format(name), width: width, hidden: hidden)
    let recorded = Self.describe(lines)
    let url = Self.goldens.appendingPathComponent("\(name).\(width).txt")
    if ProcessInfo.processInfo.environment["ISLE_RECORD"] == "1" {
      try Data(recorded.utf8).write(to: url)
      Issue.record("recorded \(name) at \(width) (ISLE_RECORD=1): nothing was compared")
      return
    }
    let expected = try String(contentsOf: url, encoding: .utf8)
    #expect(
      recorded == expected, "\(name) at \(width) differs from its golden (ISLE_RECORD=1 re-records)"
    )
  }
}
