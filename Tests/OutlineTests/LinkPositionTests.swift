import Foundation
import TestSupport
import Testing

@testable import Found
@testable import Outline

/// Every link is reported where it is written: its `[`, `![`, `<`, or an
/// autolink's first character, whatever cmark's own positions say.
@Suite struct LinkPositionTests {
  static let corpus = Fixtures.folder.appendingPathComponent("../../shared/corpus")
    .standardized
  static let hasCorpus = FileManager.default.fileExists(atPath: corpus.path)

  func links(_ text: String) throws -> [String] {
    var options = OutlineOptions()
    options.findsLinks = true
    let outlined = try Outliner.outlined(Array(text.utf8), path: "a.md", options: options)
    return (outlined.links?.links ?? []).map {
      "\($0.line):\($0.column) \($0.kind.rawValue) \($0.destination)"
    }
  }

  @Test func linkTextOverTwoLinesIsAtItsFirst() throws {
    #expect(try links("# A\n\nsome text here [the\nlink](#nope) more\n") == ["3:16 link #nope"])
  }

  @Test func referenceOverLinesInALongParagraphIsAtItsUse() throws {
    let long = String(repeating: "word ", count: 30)
    let paragraph = "\(long)\n\(long)\n\(long) runs on [two\nlines][ref]."
    #expect(
      try links("# B\n\n\(paragraph)\n\n[ref]: ../missing.html\n")
        == ["5:160 reference ../missing.html", "8:1 definition ../missing.html"])
    #expect(
      try links("# B\n\n\(paragraph)\n\none\n\ntwo\n\n[ref]: ../missing.html\n")
        == ["5:160 reference ../missing.html", "12:1 definition ../missing.html"])
    let quoted = paragraph.split(separator: "\n").map { "> \($0)" }.joined(separator: "\n")
    #expect(
      try links("# B\n\n\(quoted)\n\n[ref]: ../missing.html\n")
        == ["5:162 reference ../missing.html", "8:1 definition ../missing.html"])
  }

  @Test func destinationsNotWrittenLiterally() throws {
    let text = """
      [a](foo\\_bar.md) and [b](<with space.md>) and
      [c](
        nope.md
      ) and [![img](i.png)](gone.md) and [d](x.md "a
      title") [e](y.md)
      """
    #expect(
      try links(text) == [
        "1:1 link foo_bar.md", "1:22 link with space.md", "2:1 link nope.md", "4:7 link gone.md",
        "4:8 image i.png", "4:36 link x.md", "5:9 link y.md",
      ])
  }

  @Test func afterDefinitionsEntitiesCodeAndEmphasis() throws {
    let text = """
      [r]: /x
        "title"
      text &amp; &#x26; &copy; `[x](no)` *[p](q)* __[s](t)__

      > quoted
      lazy [l](m) and <https://e.com> and www.example.com too

      | a \\| b [c](d) | <a href="h.md">h</a> |
      |---|---|
      """
    #expect(
      try links(text) == [
        "1:1 definition /x", "3:37 link q", "3:47 link t", "6:6 link m", "6:17 link https://e.com",
        "6:37 link http://www.example.com", "8:10 link d", "8:19 html h.md",
      ])
  }

  @Test func nestedContainersAndHardBreaks() throws {
    let text = "- item\n\n      continued  \n  > quote\\\n  > and [x][]\n\n[x]: y.md\n"
    #expect(try links(text) == ["5:9 reference y.md", "7:1 definition y.md"])
  }

  /// The property on real documents: the bytes at each link's reported
  /// line and column begin the link.
  @Test(.enabled(if: hasCorpus, "needs ../shared/corpus"))
  func everyLinkOfTheCorpusBeginsWhereItIsReported() throws {
    let files =
      FileManager.default.enumerator(at: Self.corpus, includingPropertiesForKeys: nil)?
      .compactMap { $0 as? URL }.filter { $0.pathExtension == "md" } ?? []
    var options = OutlineOptions()
    options.findsLinks = true
    var checked = 0
    var wrong: [String] = []
    for file in files {
      let bytes = Array(try Data(contentsOf: file))
      guard let outlined = try? Outliner.outlined(bytes, path: file.path, options: options) else {
        continue
      }
      let lines = LineIndex(bytes)
      for link in outlined.links?.links ?? [] {
        checked += 1
        let offset = lines.offset(ofLine: link.line) + link.column - 1
        if offset != link.offset || !Self.begins(link, at: offset, in: bytes) {
          let shown = String(
            decoding: bytes[link.offset..<min(link.offset + 30, bytes.count)], as: UTF8.self)
          wrong.append(
            "\(file.lastPathComponent):\(link.line):\(link.column) \(link.destination): \(shown)")
        }
      }
    }
    #expect(checked > 10_000)
    #expect(
      wrong.isEmpty, "\(wrong.count) of \(checked): \(wrong.prefix(20).joined(separator: "\n"))")
  }

  /// Shapes the corpus has few of: every document quoted (`> ` before each
  /// line) and nested in a list item (its lines indented under `- `), so
  /// that every paragraph's later lines begin with container marks.
  @Test(.enabled(if: hasCorpus, "needs ../shared/corpus"))
  func everyLinkOfTheCorpusQuotedAndInAListBeginsWhereItIsReported() throws {
    let files =
      FileManager.default.enumerator(at: Self.corpus, includingPropertiesForKeys: nil)?
      .compactMap { $0 as? URL }.filter { $0.pathExtension == "md" }
      .sorted { $0.path < $1.path } ?? []
    var options = OutlineOptions()
    options.findsLinks = true
    var checked = 0
    var wrong: [String] = []
    for (index, file) in files.enumerated() where index % 8 == 0 {
      let text = String(decoding: try Data(contentsOf: file), as: UTF8.self)
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
      let shapes = [
        lines.map { "> " + $0 }.joined(separator: "\n"),
        "- item\n\n" + lines.map { "  " + $0 }.joined(separator: "\n"),
      ]
      for shaped in shapes {
        let bytes = Array(shaped.utf8)
        guard let outlined = try? Outliner.outlined(bytes, path: file.path, options: options)
        else {
          continue
        }
        for link in outlined.links?.links ?? [] {
          checked += 1
          if !Self.begins(link, at: link.offset, in: bytes) {
            wrong.append(
              "\(file.lastPathComponent):\(link.line):\(link.column) \(link.destination)")
          }
        }
      }
    }
    #expect(checked > 2_000)
    #expect(
      wrong.isEmpty, "\(wrong.count) of \(checked): \(wrong.prefix(20).joined(separator: "\n"))")
  }

  /// Whether the bytes at `offset` open a link of `link`'s kind.
  static func begins(_ link: FoundLink, at offset: Int, in bytes: [UInt8]) -> Bool {
    let rest = bytes[offset...]
    switch link.kind {
    case .image: return rest.starts(with: Array("![".utf8))
    case .reference:
      return rest.starts(with: Array("[".utf8)) || rest.starts(with: Array("![".utf8))
    case .html, .htmlImage: return rest.first == 0x3C
    case .definition: return rest.first == 0x5B
    case .link:
      if rest.first == 0x5B || rest.first == 0x3C { return true }
      // An autolink without brackets: its text, as the destination shows it.
      var text = link.destination
      for scheme in ["mailto:", "http://"]
      where text.hasPrefix(scheme) && !rest.starts(with: Array(scheme.utf8)) {
        text.removeFirst(scheme.count)
      }
      return rest.starts(with: Array(text.utf8.prefix(8)))
    }
  }
}
