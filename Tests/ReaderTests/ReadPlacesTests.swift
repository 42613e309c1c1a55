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
}
