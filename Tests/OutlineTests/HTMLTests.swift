import Foundation
import TestSupport
import Testing

@testable import Outline
@testable import ReadingTime

/// isle's HTML headings against a browser's: the lists headless Chromium
/// gave for `document.querySelectorAll("h1,h2,h3,h4,h5,h6")` on each HTML
/// fixture, stored in `fixtures/browser/` by `scripts/browser-headings`.
@Suite struct BrowserAgreementTests {
  struct BrowserHeading: Decodable, Equatable {
    var level: Int
    var title: String
    var id: String
  }

  static func stored(_ name: String, in directory: URL) throws -> [BrowserHeading] {
    let data = try Data(contentsOf: directory.appendingPathComponent(name + ".json"))
    return try JSONDecoder().decode([BrowserHeading].self, from: data)
  }

  @Test(arguments: Fixtures.htmlNames)
  func sectionsAreTheBrowsersHeadings(_ name: String) throws {
    let expected = try Self.stored(name, in: Fixtures.folder.appendingPathComponent("browser"))
    let document = try Outliner.outline(
      try Fixtures.bytes(name), path: name, options: OutlineOptions(levels: 1...6))
    let sections = document.sections
    #expect(sections.map(\.level) == expected.map(\.level))
    for (section, heading) in zip(sections, expected) {
      // A page in an encoding isle does not decode says so (decoded is
      // false); its non-ASCII text cannot match the browser's.
      if document.decoded || heading.title.allSatisfy(\.isASCII) {
        #expect(section.title == heading.title)
      }
      if !heading.id.isEmpty { #expect(section.id == heading.id) }
    }
    let ids = sections.compactMap(\.id)
    #expect(Set(ids).count == ids.count, "ids are unique")
  }

  @Test(
    .enabled(
      if: ["/usr/bin/chromium", "/usr/bin/chromium-browser"].contains {
        FileManager.default.isExecutableFile(atPath: $0)
      },
      "Chromium is not installed: compared with the stored lists in fixtures/browser/ only"))
  func theStoredListsAreWhatChromiumSaysNow() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("isle-browser-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let root = Fixtures.folder.deletingLastPathComponent()
    let run = try Spawn.run(
      root.appendingPathComponent("scripts/browser-headings").path, [directory.path],
      directory: root.path, timeout: 600)
    try #require(run.status == 0, "\(run.errors)")
    for name in Fixtures.htmlNames {
      #expect(
        try Self.stored(name, in: directory)
          == Self.stored(name, in: Fixtures.folder.appendingPathComponent("browser")), "\(name)")
    }
  }

  @Test(arguments: Fixtures.htmlNames)
  func everyOffsetIsAStartTag(_ name: String) throws {
    let bytes = try Fixtures.bytes(name)
    let document = try Outliner.outline(bytes, path: name, options: OutlineOptions(levels: 1...6))
    for section in document.sections {
      let start = bytes[section.offset..<min(section.offset + 3, bytes.count)]
      #expect(
        String(decoding: start, as: UTF8.self).lowercased().hasPrefix("<h"),
        "\(name): section \(section.number) at \(section.offset)")
    }
  }
}

@Suite struct HTMLTests {
  private func outline(_ html: String, levels: ClosedRange<Int> = 1...6) -> Document {
    try! Outliner.outline(
      Array(html.utf8), path: "page.html", options: OutlineOptions(levels: levels))
  }

  @Test func idsComeFromTheHeadingThenAFirstAnchorElseThereIsNone() throws {
    let document = outline(
      "<h2 id=own>A</h2><h2><a name=anchor></a>B</h2><h2><a id=aid href=#>C</a></h2>"
        + "<h2>Own</h2><h2>text <a id=late></a></h2>")
    #expect(document.sections.map(\.id) == ["own", "anchor", "aid", nil, nil])
  }

  /// ReSpec, Bikeshed and Sphinx put the id on the element that holds the
  /// heading; it is the heading's only when the heading is its first.
  @Test func anEnclosingElementsIdBelongsToItsFirstHeading() throws {
    let document = outline(
      """
      <div id=main><h1>Title</h1>
      <section id="abstract"><h2>Abstract</h2><p>x</p><h3>Not first</h3></section>
      <div class="section" id="id1"><div><h3>Using pip</h3></div></div>
      <section id=outer><section id=inner><h2>Inner</h2></section><h2>After</h2></section>
      <section id=s><h2 id=own>Own wins</h2></section></div>
      """)
    #expect(
      document.sections.map(\.id) == ["main", "abstract", nil, "id1", "inner", nil, "own"])
  }

  /// A self-link that is only a mark is no part of the title; any other
  /// link, or a mark that leads elsewhere, is.
  @Test func permalinkMarksLeaveTheTitle() throws {
    let document = outline(
      """
      <section id="installation"><h2>Installation<a class="headerlink" href="#installation">¶</a></h2></section>
      <h2 id="setup">Setup<a class="headerlink" href="#setup" title="Permanent link">&para;</a></h2>
      <h2 class="anchor" id="run">Run<a href="#run" class="hash-link">\u{200B}</a></h2>
      <h2 id="intro"><span>1. </span>Intro<a class="self-link" href="#intro"></a></h2>
      <h2 id="icon">Icon <a href="#icon"><svg><path d=""/></svg></a></h2>
      <h2 id="enc">Encoded<a href="#en%63">#</a></h2>
      <h2 id="words">Words <a href="#words">link here</a></h2>
      <h2 id="other">Other<a href="#elsewhere">§</a></h2>
      <h2 id="zw">Zero\u{200B}width</h2>
      """)
    #expect(
      document.sections.map(\.title) == [
        "Installation", "Setup", "Run", "1. Intro", "Icon", "Encoded", "Words link here",
        "Other§", "Zerowidth",
      ])
  }

  @Test func readingLeavesOutWhatIsNotShown() throws {
    let document = outline(
      "<head><title>T</title><style>p{}</style></head><h1>H</h1><p>one two</p>"
        + "<script>var three = four;</script><div hidden><p>five six</p></div>"
        + "<noscript>seven</noscript><template><p>eight</p></template><p>nine</p>")
    #expect(document.sections[0].reading == ReadingAmount(words: 3))
    #expect(document.title == "T")
  }

  @Test func wordsGoOnAcrossInlineElementsButNotBlocks() throws {
    let document = outline("<h1>H</h1><p><b>bold</b>face</p><p>one</p><p>two</p>")
    #expect(document.sections[0].words == 3)
  }

  @Test func imagesAreTimedAndTheirAltKeptInTitles() throws {
    let document = outline("<h1>A <img alt='logo'> B</h1><p><img src=x><img src=y></p>")
    #expect(document.sections[0].title == "A logo B")
    #expect(document.sections[0].reading.images == 2)
  }

  @Test func headingsInsideTemplatesAndNoscriptAreNotElements() throws {
    let document = outline(
      "<h1>One</h1><template><h2>T</h2></template><noscript><h2>N</h2></noscript><h2>Two</h2>")
    #expect(document.sections.map(\.title) == ["One", "Two"])
  }

  @Test func fosterParentedHeadingsKeepTheirOffsetInTheSource() throws {
    // A browser moves an <h2> that stands in a <table> outside a cell to
    // before the table. isle keeps sections in source order, because
    // positions, `where` and `jump` work on the bytes as written.
    let html = "<h1>Top</h1><table><tr><td><h2>In cell</h2></td></tr><h2>Stray</h2></table>"
    let document = outline(html)
    #expect(document.sections.map(\.title) == ["Top", "In cell", "Stray"])
    #expect(document.sections.map(\.offset) == document.sections.map(\.offset).sorted())
  }

  @Test func windows1252IsDecodedWithRawOffsets() throws {
    var bytes = Array("<meta charset=windows-1252><h1>Caf".utf8) + [0xE9]
    bytes += Array("</h1><p>x</p><h2>".utf8)
    let secondOffset = bytes.count - 4
    bytes += [0x93] + Array("q".utf8) + [0x94] + Array("</h2>".utf8)
    let document = try Outliner.outline(bytes, path: "p.html")
    #expect(document.sections.map(\.title) == ["Café", "\u{201C}q\u{201D}"])
    #expect(document.sections.map(\.offset) == [27, secondOffset])
    #expect(document.charset == "windows-1252")
    #expect(document.decoded)
  }

  @Test func anUndecodedCharsetSaysSo() throws {
    // A label the Encoding Standard does not know (browsers ignore it).
    let document = try Outliner.outline(
      Array("<meta charset=\"latin9\"><h1>A</h1>".utf8), path: "p.html")
    #expect(document.charset == "latin9")
    #expect(!document.decoded)
    #expect(document.sections.map(\.title) == ["A"])
  }

  @Test func theFormatComesFromTheOptionThenTheNameThenTheBytes() throws {
    let html = Array("<!DOCTYPE html><h1>H</h1>".utf8)
    #expect(try Outliner.outline(html, path: nil).format == .html)
    #expect(try Outliner.outline(html, path: "notes.md").format == .markdown)
    #expect(
      try Outliner.outline(html, path: "x", options: OutlineOptions(format: .markdown)).format
        == .markdown)
    #expect(try Outliner.outline(Array("  <HTML><h1>x</h1>".utf8), path: "README").format == .html)
    #expect(try Outliner.outline(Array("# x".utf8), path: "page.HTM").format == .html)
  }
}

@Suite struct HTMLInMarkdownTests {
  @Test func anHTMLBlockTitleIsASectionAtItsTrueOffset() throws {
    let text = "Intro.\n\n<h1 align=\"center\">\n  Title\n</h1>\n\n## Next\n"
    let document = try Outliner.outline(Array(text.utf8), path: nil)
    #expect(document.sections.map(\.title) == ["Title", "Next"])
    #expect(document.sections.map(\.offset) == [8, 43])
    #expect(document.sections.map(\.line) == [3, 7])
  }

  @Test func detailsHoldingHeadings() throws {
    let text =
      "# Top\n\n<details>\n<summary>More</summary>\n<h3 id=\"x\">Inner</h3>\n<p>words here</p>\n</details>\n"
    let document = try Outliner.outline(Array(text.utf8), path: nil)
    #expect(document.sections.map(\.title) == ["Top", "Inner"])
    #expect(document.sections.map(\.id) == ["top", "x"])
    #expect(document.sections[1].words == 2)
  }

  @Test func aHeadingInAnHTMLBlockInsideAQuoteIsFoundOnItsLine() throws {
    let text = "> <h2>Quoted</h2>\n\n# After\n"
    let document = try Outliner.outline(Array(text.utf8), path: nil)
    #expect(document.sections.map(\.title) == ["Quoted", "After"])
    #expect(document.sections.first?.offset == 2)
  }
}
