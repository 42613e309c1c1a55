import Cells
import Foundation
import Outline
import Page
import TestSupport
import Testing

/// What every layout keeps, whatever the document and the width: no line
/// wider than the width (code and tables seen sideways through it),
/// nothing a terminal would take as a control, byte ranges that go forward
/// through the document, and a byte that finds its line again after the
/// width changes.
@Suite struct LayoutPropertyTests {
  static let formats: [(String, PageFormat)] =
    PageGoldenTests.fixtures.map {
      ($0, PageGoldenTests.format($0))
    } + [
      ("control-characters.md", .plain), ("beekeeping.md", .plain), ("binary/nul.md", .markdown),
      ("invalid-utf8.md", .markdown),
    ]

  @Test(arguments: [1, 7, 19, 40, 100])
  func linesFitAndGoForward(_ width: Int) throws {
    for (name, format) in Self.formats {
      let bytes = try PageGoldenTests.bytes(name)
      let lines = Page.lay(bytes, format: format, width: width)
      #expect(!lines.isEmpty || bytes.isEmpty, "\(name)")
      var previous = 0
      for line in lines {
        #expect(
          line.width <= max(width, 1) || line.text.count == 1 || line.sideways,
          "\(name) at \(width): \(line.text)")
        // A line that scrolls sideways fits, seen from any shift.
        for shift in [0, 1, max(line.width - width, 0)] where line.sideways {
          let seen = SidewaysView(shift: shift, width: width, glyphs: .unicode)
            .look(at: line, lit: []).line
          #expect(seen.width <= width, "\(name) at \(width), shift \(shift): \(seen.text)")
        }
        #expect(line.bytes.lowerBound >= previous, "\(name): \(line.bytes) after \(previous)")
        #expect(line.bytes.upperBound <= bytes.count, "\(name): \(line.bytes)")
        previous = line.bytes.lowerBound
        let controls = line.text.unicodeScalars.filter {
          $0.value < 0x20 || (0x7F...0x9F).contains($0.value)
        }
        #expect(controls.isEmpty, "\(name): a control character reaches the terminal: \(line.text)")
      }
    }
  }

  /// A generated document large enough to be cut in pieces: every line's
  /// first byte finds that line again, at two widths, and the pieces'
  /// lines run on as one document's.
  @Test func aLargeDocumentInPiecesKeepsItsBytes() throws {
    var text = ""
    var random = SplitMix(state: 20)
    for section in 0..<400 {
      text += "## Section \(section)\n\n"
      for _ in 0..<(Int(random.next() % 6) + 1) {
        text +=
          (0..<(Int(random.next() % 40) + 5)).map { _ in "word\(random.next() % 97)" }
          .joined(separator: " ") + "\n\n"
      }
      if section % 7 == 0 { text += "```\ncode \(section)\n```\n\n" }
    }
    let bytes = Array(text.utf8)
    let cuts = Page.cuts(of: bytes.span, format: .markdown, every: 8 << 10)
    #expect(cuts.count > 2, "the document is cut in pieces")
    for width in [30, 72] {
      let page = try Page(
        bytes: bytes, options: PageOptions(drawing: .markdown, width: width, pieceSize: 8 << 10))
      #expect(page.cuts == cuts)
      var spot = page.first
      var seen = 0
      var previous = -1
      while true {
        let line = try #require(page.line(at: spot))
        #expect(line.bytes.lowerBound >= previous)
        previous = line.bytes.lowerBound
        let found = page.spot(atByte: line.bytes.lowerBound)
        #expect(page.line(at: found)?.bytes.lowerBound == line.bytes.lowerBound)
        seen += 1
        let next = page.moved(spot, by: 1)
        if next == spot { break }
        spot = next
      }
      #expect(spot == page.last)
      #expect(page.moved(page.last, by: -(seen - 1)) == page.first)
      let heading = try #require(text.range(of: "## Section 250"))
      let offset = text.utf8.distance(from: text.startIndex, to: heading.lowerBound)
      #expect(page.line(at: page.spot(atByte: offset))?.text == "Section 250")
      #expect(
        page.find("word5 ", after: page.first) != nil
          || page.find("word5", after: page.first) != nil)
    }
  }

  /// One paragraph on one long line, with no heading to cut before: it
  /// is cut between characters all the same, so no piece is huge, and
  /// each byte still finds the line that shows it.
  @Test(arguments: [PageFormat.markdown, .plain])
  func aDocumentWithoutHeadingsOrLineEndsIsStillCut(_ format: PageFormat) throws {
    let bytes = Array(String(repeating: "wörd ", count: 40_000).utf8)
    let size = 8 << 10
    let cuts = Page.cuts(of: bytes.span, format: format, every: size)
    #expect(cuts.count > bytes.count / (4 * size))
    #expect(zip(cuts, cuts.dropFirst()).allSatisfy { $0 < $1 && $1 - $0 <= 4 * size })
    #expect(
      cuts.allSatisfy { $0 == bytes.count || bytes[$0] & 0xC0 != 0x80 }, "no character is split")
    let page = try Page(
      bytes: bytes, options: PageOptions(drawing: format, width: 50, pieceSize: size))
    #expect(page.cuts == cuts)
    for byte in stride(from: 0, to: bytes.count, by: 9_973) {
      let line = try #require(page.line(at: page.spot(atByte: byte)))
      #expect(line.bytes.lowerBound <= byte, "byte \(byte): \(line.bytes)")
    }
  }

  /// Invalid UTF-8 before a list item holding a heading: cmark (which
  /// reads U+FFFD for each bad byte) ended a node before its start. The
  /// reader's fuzz target found it.
  @Test func invalidUTF8BeforeAHeadingInAListLaysOut() throws {
    let bytes: [UInt8] = [
      0x64, 0x8D, 0x8D, 0x8D, 0x8D, 0x8D, 0x8D, 0x8D, 0x8D, 0x8D, 0x8D, 0x8D, 0x8D, 0x8D, 0x8D,
      0x8D, 0x8D, 0x86, 0x8D, 0x8D, 0x8D, 0x8D, 0x8D, 0x8D, 0x8D, 0x8D, 0x8D, 0x8D, 0x8D, 0x8D,
      0x8D, 0x86, 0x8D, 0x8D, 0x8D, 0x8D, 0x8D, 0x8D, 0x0A, 0x2D, 0x20, 0x23,
    ]
    for width in [1, 20, 80] {
      let lines = Page.lay(bytes, format: .markdown, width: width)
      #expect(lines.first?.text.hasPrefix("d") == true)
    }
  }

  /// An indented code block whose line cmark counts past the block's last
  /// byte: its line's bytes stay inside the block. The reader's fuzz
  /// target found it (fuzz/crashes/reader-crash-d52848a9…).
  @Test func aCodeLinePastItsBlockLaysOut() throws {
    let bytes: [UInt8] = [
      35, 32, 79, 110, 101, 10, 32, 32, 32, 32, 96, 32, 32, 46, 32, 32, 32, 32, 32, 32, 32, 32, 32,
      32, 119, 32, 32, 10, 32, 82, 97, 35, 35, 10, 84, 80, 24, 0, 0, 32, 35, 111, 100, 114, 10, 35,
      35, 32, 103, 105, 157, 8, 124, 32, 99, 82, 97, 3, 32, 79, 2,
    ]
    for width in [1, 40, 123] {
      for line in Page.lay(bytes, format: .markdown, width: width) {
        #expect(line.bytes.upperBound <= bytes.count)
      }
    }
  }

  /// With `--ascii`, every mark the layout adds (bullets, bars, frames,
  /// rules, task boxes) is ASCII. (Documents of ASCII text: a run the
  /// layout adds is one with no source offset.)
  @Test(arguments: ["gfm-extras.md", "beekeeping.md", "article.html"])
  func asciiMarks(_ name: String) throws {
    let bytes = try PageGoldenTests.bytes(name)
    for width in [6, 40] {
      let lines = Page.lay(
        bytes, format: PageGoldenTests.format(name), width: width, glyphs: .ascii)
      for run in lines.flatMap(\.runs) where run.offset == nil {
        let ascii = run.text.unicodeScalars.allSatisfy { $0.isASCII }
        #expect(ascii, "\(name): '\(run.text)'")
      }
    }
  }

  /// A table's cell wider than the page is cut with the glyphs' ellipsis:
  /// `...` with `--ascii`.
  @Test func aCutCellEndsWithTheGlyphsEllipsis() {
    let source = "| a | b |\n| - | - |\n| x | " + String(repeating: "long ", count: 20) + "|\n"
    for glyphs in [PageGlyphs.ascii, .unicode] {
      let text = Page.lay(Array(source.utf8), format: .markdown, width: 20, glyphs: glyphs)
        .map(\.text).joined(separator: "\n")
      #expect(text.contains(glyphs.ellipsis), "\(text)")
      let ascii = text.unicodeScalars.allSatisfy(\.isASCII)
      if glyphs == .ascii { #expect(ascii, "\(text)") }
    }
  }

  /// Control characters in a code fence's language and a table's cells,
  /// which the layout draws itself: shown safe all the same. The reader's
  /// fuzz target found the fence.
  @Test func controlCharactersInAFenceAndATableAreSafe() throws {
    let bytes: [UInt8] = [
      0x60, 0x60, 0x60, 0x60, 0x42, 0x69, 0x6E, 0x61, 0x72, 0x79, 0x46, 0x6C, 0x4F, 0x6E, 0x10,
      0x00, 0x00, 0xC0, 0x68, 0x31, 0xEF, 0xBF, 0xBD, 0x23, 0x0A, 0x7C, 0x20, 0x41, 0x20, 0x5E,
      0x00, 0x00, 0x00, 0x7C, 0x0A, 0x7C, 0x2D, 0x0D, 0x6E, 0x4E, 0x09, 0x1B, 0x5B, 0x4C, 0x71,
    ]
    for width in [3, 80] {
      for line in Page.lay(bytes, format: .markdown, width: width) {
        let controls = line.text.unicodeScalars.filter {
          $0.value < 0x20 || (0x7F...0x9F).contains($0.value)
        }
        #expect(controls.isEmpty, "\(line.text)")
      }
    }
  }

  @Test func stylesLinksImagesAndCode() throws {
    let source =
      "# Top\n\nSome *soft* **strong** `code` [a link](https://example.com) ![a cat](cat.png).\n\n```swift\nlet x = 1\n```\n"
    let lines = Page.lay(Array(source.utf8), format: .markdown, width: 80)
    let runs = lines.flatMap(\.runs)
    #expect(runs.contains { $0.text == "Top" && $0.style.contains(.bold) })
    #expect(runs.contains { $0.text == "soft" && $0.style.contains(.italic) })
    #expect(runs.contains { $0.text == "strong" && $0.style.contains(.bold) })
    #expect(runs.contains { $0.text == "code" && $0.style.contains(.code) })
    #expect(runs.contains { $0.link == "https://example.com" && $0.text == "a link" })
    #expect(lines.contains { $0.text.contains("[image: a cat]") })
    #expect(lines.contains { $0.text.hasPrefix("╭─ swift ") })
    #expect(lines.contains { $0.text == "│ let x = 1" })
    // The code line stands for its own source line.
    let code = try #require(lines.first { $0.text == "│ let x = 1" })
    let bytes = Array(source.utf8)
    #expect(String(decoding: bytes[code.bytes], as: UTF8.self) == "let x = 1\n")
  }
}
