import Foundation
import Outline
import Slugs
import TestSupport
import Testing

@testable import Workspace

/// The index's heading scan against the outline it stands in for: wherever
/// the scan is sure of a document, its headings are the full outline's,
/// field by field; over real documents, the CommonMark spec's examples and
/// shapes made to trip it.
@Suite struct HeadingScanTests {
  static let corpus = Fixtures.folder.appendingPathComponent("../../shared/corpus").standardized
  static let spec = Fixtures.root.appendingPathComponent(
    "Tests/OutlineTests/CommonMarkSpec/spec.txt")

  /// The headings the full outline gives the index.
  static func outlined(_ bytes: [UInt8], options: OutlineOptions) -> [IndexedHeading]? {
    var outlining = OutlineFacts.options(options, links: false)
    outlining.format = .markdown
    guard let document = try? Outliner.outline(bytes, path: nil, options: outlining) else {
      return nil
    }
    let facts = OutlineFacts(path: "/doc.md", document: document, text: TextLines(bytes))
    return facts.headings.map(IndexedHeading.init)
  }

  /// Checks `bytes`; true when the scan was sure of them.
  @discardableResult
  static func check(
    _ bytes: [UInt8], _ name: String, options: OutlineOptions = OutlineOptions()
  ) -> Bool {
    guard let scanned = ScannedHeadings.headings(bytes, options: options) else { return false }
    let outlined = outlined(bytes, options: options) ?? []
    #expect(scanned.count == outlined.count, "\(name): heading count")
    for (scan, outline) in zip(scanned, outlined) where scan != outline {
      Issue.record("\(name): scanned \(scan), outlined \(outline)")
      break
    }
    return true
  }

  @Test(
    .enabled(
      if: FileManager.default.fileExists(atPath: corpus.path), "needs ../shared/corpus"))
  func corpusDocumentsScannedAreOutlinedTheSame() throws {
    let walker = try #require(
      FileManager.default.enumerator(at: Self.corpus, includingPropertiesForKeys: nil))
    var documents = 0
    var sure = 0
    var bytes = 0
    var sureBytes = 0
    for case let url as URL in walker where url.pathExtension == "md" {
      let text = try [UInt8](Data(contentsOf: url))
      documents += 1
      bytes += text.count
      if Self.check(text, url.path) {
        sure += 1
        sureBytes += text.count
      }
    }
    #expect(documents > 1000)
    // Sure of most: the scan pays only where it is.
    #expect(sure * 2 > documents)
    print("heading scan: sure of \(sure) of \(documents) documents, \(sureBytes) of \(bytes) bytes")
  }

  @Test func commonMarkExamplesScannedAreOutlinedTheSame() throws {
    let spec = try String(contentsOf: Self.spec, encoding: .utf8)
    let fence = String(repeating: "`", count: 32)
    var examples = 0
    for part in spec.components(separatedBy: fence + " example\n").dropFirst() {
      guard let markdown = part.components(separatedBy: "\n.\n").first else { continue }
      let text = Array(markdown.replacingOccurrences(of: "→", with: "\t").utf8) + [0x0A]
      examples += 1
      Self.check(text, "spec example \(examples)")
      Self.check(text, "spec example \(examples), kramdown", options: Self.kramdown)
    }
    #expect(examples > 600)
  }

  static let kramdown = OutlineOptions(slugFlavor: .kramdown)

  /// Shapes where a line's meaning hangs on what is open around it.
  static let shapes: [String] = [
    "# A\n\nText\n===\n\n## B ##\n", "- a\n\n  # In item\n\n    # code in item\n",
    "- a\n  - b\n\n        # code\n      # heading\n", "1. a\n\n   ```\n   # code\n   ```\n# Out\n",
    "- ```\n  # code\n# out of item, fence closed\n", "- a\n---\n", "- a\n===\n",
    "Foo\n- bar\n---\n",
    "Foo\n2. bar\n---\n", "Foo\n1. bar\n---\n", "    # code\n# H\n", "Para\n    # lazy\n---\n",
    "> # quote\n", "<div>\n# not\n</div>\n", "<h1>Html</h1>\n", "[x]: /u\n---\n",
    "# [x]\n\n[x]: /u\n", "# a *b* `c` &amp; \\* [d](e) <span>f</span>\n", "Foo *bar*\n---\n",
    "# A\r\n\r\nB\r\n---\r\n", "# No final newline", "a | b\n--- | ---\n# c\n",
    "a\n:--\n# b\n", "-\n  foo\n# bar\n", "- a\n\n\n  # still in item\n",
    "~~~\n# code\n```\n~~~~\n# H\n",
    "```x`\n# H\n", "  ```\n  # c\n     ```\n```\n# H\n", "# Title {#id}\n", "Setext {#id}\n---\n",
    "\t# tab\n", "# é ü 😀\n", "# a\u{200B}b\n", "* * *\n# H\n", "*\n# H\n", "+ a\n+ b\n  # c\n",
    "1) a\n2) b\n   ---\n", "-      five spaces\n  # H\n", "- a\n -   b\n # c\n",
    "#\n#\t\n### ###\n",
    "####### seven\n#hash\n", "Two\nlines\n===\n", "[^1]: note\n# H\n", "a  \nb\\\nc\n===\n",
    "# [x][y] and [z]\n\n- [y]: /u 'title\n  more'\n[z]:\n  /v\n",
    "[x]: /first\n[x]: /second\n# [x]\n",
    "> [q]: /u\n# [q]\n", "[a]\n[b]: /u\n# [b] [a]\n",
    "a `x | y`\n- b\n# c\n", "a\nb\n-|-\n# c\n---\n", "a\n|---|\nrow\n---\n",
    "<p>\n  <img src=x>\n</p>\n# H\n",
    "<p>\n<!--\n\n# in comment\n-->\n", "- <https://x.y>\n- <b>\n# H\n", "- <div>\nlazy\n# H\n",
    "- <div>\n      code?\n# H\n", "- <span>a\n> q\n# H\n", "<div>\n<pre>\n\n# in pre\n</pre>\n",
    "# `a` and ``b ` c`` and `` ` `` and ```x\n", "# `*x*` `<b>` `[l](u)` `&amp;` `\\`\n",
    "# `a {#id}`\n",
    "Multi `co\nde` line\n---\n", "# un`closed\n", "# `x`` y\n", "# <b>`x`</b>\n",
  ]

  @Test func hardShapesScannedAreOutlinedTheSame() {
    var sure = 0
    for (index, shape) in Self.shapes.enumerated() {
      if Self.check(Array(shape.utf8), "shape \(index): \(shape.debugDescription)") { sure += 1 }
      Self.check(Array(shape.utf8), "shape \(index), kramdown", options: Self.kramdown)
    }
    #expect(sure > Self.shapes.count / 2)
  }

  /// Every shape with each of its lines indented by 0 to 6 spaces, and
  /// nested in list items of each kind: headings at every indentation.
  @Test func shapesIndentedAndInListsScannedAreOutlinedTheSame() {
    for (index, shape) in Self.shapes.enumerated() {
      let lines = shape.split(separator: "\n", omittingEmptySubsequences: false)
      for indent in 0...6 {
        let pad = String(repeating: " ", count: indent)
        for opener in ["", "- ", "1. ", "* a\n", "- a\n\n"] {
          let text = opener + lines.map { pad + $0 }.joined(separator: "\n")
          Self.check(
            Array(text.utf8), "shape \(index) at \(indent) after \(opener.debugDescription)")
        }
      }
    }
  }
}
