import Testing

@testable import Book

/// mdBook's SUMMARY.md in each of its shapes.
@Suite struct SummaryTests {
  let full = """
    # Summary

    [Introduction](README.md)
    ---

    # User Guide

    - [Installation](guide/installation.md)
    - [Reading Books](guide/reading.md)
        - [`mdbook build`](guide/build.md#top)
        - [Serve <!-- a comment --> it](guide/serve.md)
    - [Not yet]()

    ---

    # Reference

    * [Config](<ref/config file.md>)

    [Contributors](misc/contributors.md)
    """

  @Test func readsEveryKindInOrder() throws {
    let chapters = try Summary.parse(full, file: "SUMMARY.md")
    #expect(
      chapters.map(\.kind) == [
        .prefix, .separator, .part, .numbered, .numbered, .numbered, .numbered, .draft,
        .separator, .part, .numbered, .suffix,
      ])
    #expect(
      chapters.compactMap(\.path) == [
        "README.md", "guide/installation.md", "guide/reading.md", "guide/build.md",
        "guide/serve.md", "ref/config file.md", "misc/contributors.md",
      ])
    #expect(chapters[5].title == "mdbook build")
    #expect(chapters[6].title == "Serve  it")
    #expect(chapters[2].title == "User Guide")
  }

  @Test func numbersNestedChaptersAcrossParts() throws {
    let chapters = try Summary.parse(full, file: "SUMMARY.md")
    #expect(
      chapters.map(\.numberText) == [
        "", "", "", "1.", "2.", "2.1.", "2.2.", "3.", "", "", "4.", "",
      ])
    #expect(chapters.map(\.depth) == [0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0])
    #expect(chapters.filter(\.hasFile).count == 7)
  }

  @Test func aListItemThatIsNoLinkIsAnErrorNamingTheLine() {
    #expect(
      throws: BookError(
        "SUMMARY.md", line: 3, "a list item that is no link: 'Chapter one' (write [Title](file.md))"
      )
    ) {
      try Summary.parse("# Summary\n\n- Chapter one\n", file: "SUMMARY.md")
    }
  }

  @Test func aPathLeavingTheBookIsAnError() {
    #expect(throws: BookError("S.md", line: 1, "'../../etc/passwd' leaves the book's folder")) {
      try Summary.parse("- [A](../../etc/passwd)", file: "S.md")
    }
    #expect(throws: BookError.self) { try Summary.parse("- [A](/etc/passwd)", file: "S.md") }
  }

  @Test func aNumberedChapterAfterTheSuffixIsAnError() {
    #expect(throws: BookError.self) {
      try Summary.parse("- [A](a.md)\n\n[B](b.md)\n\n- [C](c.md)\n", file: "S.md")
    }
  }

  @Test func readsBookTomlSource() {
    #expect(BookToml.source("[book]\ntitle = \"x\"\nsrc = \"pages\"\n") == "pages")
    #expect(BookToml.source("[output.html]\nsrc = \"no\"\n") == nil)
  }
}

/// Folders in natural order and MkDocs' order.
@Suite struct FolderOrderTests {
  struct Tree: BookFolder {
    var folders: [String: [(name: String, isFolder: Bool)]]
    func entries(of folder: String) -> [(name: String, isFolder: Bool)]? { folders[folder] }
    func bytes(of path: String) -> [UInt8]? { nil }
  }

  let tree = Tree(folders: [
    "b": [
      ("10-y.md", false), ("2-x.md", false), ("README.md", false), ("3-part", true),
      ("notes.txt", false), (".hidden.md", false),
    ],
    "b/3-part": [("b.md", false), ("a.md", false)],
  ])

  @Test func naturalOrderPutsTwoBeforeTen() {
    #expect(NaturalOrder.precedes("2-x.md", "10-y.md"))
    #expect(!NaturalOrder.precedes("10-y.md", "2-x.md"))
    #expect(NaturalOrder.precedes("a2", "a02b"))
    #expect(!NaturalOrder.precedes("same", "same"))
  }

  @Test func aFolderBookIsIndexFirstThenNatural() {
    let chapters = FolderOrder.chapters(of: "b", in: tree, natural: true)
    #expect(
      chapters.map { $0.path ?? "[\($0.title ?? "")]" } == [
        "README.md", "2-x.md", "[3-part]", "3-part/a.md", "3-part/b.md", "10-y.md",
      ])
    #expect(chapters.map(\.depth) == [0, 0, 0, 1, 1, 0])
  }

  @Test func mkDocsOrderIsFilesByNameThenFolders() {
    let chapters = FolderOrder.chapters(of: "b", in: tree, natural: false)
    #expect(
      chapters.compactMap(\.path) == [
        "README.md", "10-y.md", "2-x.md", "3-part/a.md", "3-part/b.md",
      ])
  }
}
