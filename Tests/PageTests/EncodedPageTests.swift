import Foundation
import Outline
import Page
import Testing

/// HTML pages in other encodings than UTF-8 are laid out decoded, as the
/// outline reads them: every heading the outline finds is a line of the
/// page, and each line still names the page's own bytes.
@Suite struct EncodedPageTests {
  @Test(arguments: [
    "shift-jis.html", "euc-jp.html", "gb18030.html", "iso-8859-15.html", "windows-1252.html",
    "windows-1252-undeclared.html",
  ])
  func everyHeadingReadsAsTheOutlineReadsIt(_ name: String) throws {
    let bytes = try PageGoldenTests.bytes(name)
    var options = OutlineOptions()
    options.levels = 1...6
    let document = try Outliner.outline(bytes, path: name, options: options)
    let page = try Page(bytes: bytes, options: PageOptions(drawing: .html, width: 200))
    let lines = page.lines(ofPiece: 0)
    #expect(!document.sections.isEmpty)
    for section in document.sections {
      let line = lines.first { $0.text == section.title }
      #expect(line != nil, "\(name): no line reads '\(section.title)'")
      #expect(
        line.map { $0.bytes.lowerBound == section.offset } ?? false, "\(name): \(section.title)")
      #expect(line.map { $0.bytes.upperBound <= bytes.count } ?? false)
    }
  }
}
