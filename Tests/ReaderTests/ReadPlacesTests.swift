import Foundation
import TestSupport
import Testing

@testable import Reader

/// Where documents were left: a version of a document returns to its
/// place, a changed one opens at its top, and many documents keep theirs.
@Suite struct ReadPlacesTests {
  @Test func aPlaceIsKeptForThatVersionOfTheDocumentOnly() throws {
    try Fixtures.withTree(["a.md": "# A\n\ntext\n", "b.md": "# B\n"]) { root in
      let places = ReadPlaces(file: root.appendingPathComponent("state/isle/places").path)
      let a = try #require(ReadPlaces.Identity(path: root.appendingPathComponent("a.md").path))
      let b = try #require(ReadPlaces.Identity(path: root.appendingPathComponent("b.md").path))
      #expect(places.offset(for: a) == nil)
      places.save(5, for: a)
      places.save(2, for: b)
      places.save(7, for: a)
      #expect(places.offset(for: a) == 7)
      #expect(places.offset(for: b) == 2)
      let text = try String(contentsOf: URL(fileURLWithPath: places.file), encoding: .utf8)
      #expect(text.split(separator: "\n").count == 2, "one line a document")
      try Data("# A\n\nmore text\n".utf8).write(to: root.appendingPathComponent("a.md"))
      let changed = try #require(
        ReadPlaces.Identity(path: root.appendingPathComponent("a.md").path))
      #expect(places.offset(for: changed) == nil, "a changed document opens at its top")
    }
  }

  /// A book's chapter is kept by its file: the book's folder changing
  /// (a chapter added) does not forget it, nor make it another chapter.
  @Test func aBooksChapterIsKeptByItsFile() throws {
    try Fixtures.withTree(["book/a.md": "# A\n", "book/sub/b.md": "# B\n"]) { root in
      let places = ReadPlaces(file: root.appendingPathComponent("state/isle/places").path)
      let book = root.appendingPathComponent("book").path
      let chapter = root.appendingPathComponent("book/sub/b.md").path
      #expect(places.chapter(ofBook: book) == nil)
      places.save(chapter: chapter, ofBook: book)
      try Data("# A first\n".utf8).write(to: root.appendingPathComponent("book/sub/a.md"))
      try Data("# Zed\n".utf8).write(to: root.appendingPathComponent("book/z.md"))
      let kept = try #require(places.chapter(ofBook: book))
      #expect(kept == ReadPlaces.Identity(path: chapter)?.path)
      let document = try #require(ReadPlaces.Identity(path: chapter))
      places.save(3, for: document)
      #expect(places.offset(for: document) == 3, "a chapter's own place beside the book's")
      #expect(places.chapter(ofBook: book) == kept)
    }
  }
}
