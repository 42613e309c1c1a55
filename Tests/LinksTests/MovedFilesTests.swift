import Testing

@testable import Links

/// Where paths are once files and folders are moved, and where a link to
/// a published page (`x.html` for `x.md`) is to lead.
@Suite struct MovedFilesTests {
  @Test func aPathMovesWithItsFileOrItsFolder() {
    let moves = MovedFiles([
      (old: "/ws/old", new: "/ws/new/deep"), (old: "/ws/old/a.md", new: "/ws/a.md"),
      (old: "/ws/doc.md", new: "/ws/sub/doc.md"),
    ])
    #expect(moves.moved("/ws/doc.md") == "/ws/sub/doc.md")
    #expect(moves.moved("/ws/old") == "/ws/new/deep")
    #expect(moves.moved("/ws/old/b/c.png") == "/ws/new/deep/b/c.png")
    // Its own move before its folder's.
    #expect(moves.moved("/ws/old/a.md") == "/ws/a.md")
    // A name that only begins like a moved one stays.
    #expect(moves.moved("/ws/older/x.md") == "/ws/older/x.md")
    #expect(moves.moved("/ws/doc.md.bak") == "/ws/doc.md.bak")
  }

  @Test func aPublishedPageFollowsItsDocument() {
    let files = LinkCheckerTests.Files(texts: [
      "/ws/guide.md": "# Guide\n", "/ws/page.html": "<h1>Page</h1>", "/ws/page.md": "# Page\n",
    ])
    let moves = MovedFiles([
      (old: "/ws/guide.md", new: "/ws/docs/intro.md"),
      (old: "/ws/page.md", new: "/ws/page2.md"),
    ])
    #expect(moves.destination(ofLinkTo: "/ws/guide.html", targets: files) == "/ws/docs/intro.html")
    #expect(moves.destination(ofLinkTo: "/ws/guide.htm", targets: files) == "/ws/docs/intro.htm")
    #expect(moves.destination(ofLinkTo: "/ws/guide.md", targets: files) == "/ws/docs/intro.md")
    // page.html is there: the link leads to it, not to page.md.
    #expect(moves.destination(ofLinkTo: "/ws/page.html", targets: files) == "/ws/page.html")
  }
}
