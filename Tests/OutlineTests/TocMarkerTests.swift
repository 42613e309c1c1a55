import Testing

@testable import Found
@testable import Outline

/// The comments that mark a contents list, as each tool writes them.
@Suite struct TocMarkerTests {
  @Test(arguments: [
    ("<!-- toc -->", TocMarker.Kind.toc), ("<!--TOC-->", .toc), ("  <!--  Toc \t-->\n", .toc),
    ("<!-- TOC depthFrom:2 depthTo:3 -->", .toc), ("<!-- tocstop -->", .tocStop),
    ("<!-- toc stop -->", .tocStop), ("<!-- /TOC -->", .tocClose), ("<!--toc:start-->", .tocStart),
    ("<!--toc:end-->", .tocEnd),
    (
      "<!-- START doctoc generated TOC please keep comment here to allow auto update -->",
      .doctocStart
    ),
    ("<!-- END doctoc generated TOC please keep comment here to allow auto update -->", .doctocEnd),
    ("<!-- mdformat-toc start --slug=github --maxlevel=6 --minlevel=1 -->", .mdformatStart),
    ("<!-- mdformat-toc end -->", .mdformatEnd), ("<!-- isle: --max-level=2 -->", .isleOptions),
  ])
  func recognizesEachTool(_ text: String, _ kind: TocMarker.Kind) {
    #expect(TocMarker.recognize(text)?.kind == kind)
  }

  @Test(arguments: [
    "<!-- table of contents -->", "<!-- toc --> and text", "<!-- toc --><!-- tocstop -->",
    "<!-- tocs -->", "toc", "<!-- TOC is below -->", "<p><!-- toc --></p>",
  ])
  func otherCommentsAreNotMarkers(_ text: String) {
    #expect(TocMarker.recognize(text) == nil)
  }

  @Test func markersInsideCodeAreText() throws {
    let markdown = "```\n<!-- toc -->\n```\n\n<!--TOC-->\n\n    <!-- tocstop -->\n"
    let document = try Outliner.outline(Array(markdown.utf8), path: "doc.md")
    #expect(document.markers.map(\.kind) == [.toc])
    #expect(document.markers.first?.words == "TOC")
  }
}
