import Foundation
import Outline
import TestSupport
import Testing

@testable import Reader

/// A place named by its section's chain of heading ids and the bytes into
/// it: found again after edits above it, by its last id when the chain
/// changed, at its nearest ancestor when it is gone.
@Suite struct SectionKeyTests {
  static func outline(_ text: String) throws -> Document {
    try Outliner.outline(Array(text.utf8), path: nil)
  }

  @Test func theKeyIsTheChainOfIdsAndSurvivesAnEditAbove() throws {
    let text =
      "# Guide\n\nIntro.\n\n## Install\n\nFirst.\n\n### From source\n\nBuild it. Then run.\n"
    let document = try Self.outline(text)
    #expect(
      SectionKey.all(in: document) == ["guide", "guide/install", "guide/install/from-source"])
    #expect(SectionKey.of(2, in: document) == "guide/install/from-source")
    let byte = Array(text.utf8).count - "Then run.\n".utf8.count
    let place = SectionKey.place(ofByte: byte, in: document)
    #expect(place.key == "guide/install/from-source")
    let edited = text.replacing(
      "Intro.\n", with: "Intro.\n" + String(repeating: "More.\n", count: 10))
    let again = try Self.outline(edited)
    let found = try #require(SectionKey.byte(of: place.key, within: place.within, in: again))
    #expect(String(decoding: Array(edited.utf8)[found...], as: UTF8.self) == "Then run.\n")
    // Moved under another heading: its last id finds it.
    let moved = try Self.outline("# Other\n\n### From source\n\nBuild it.\n")
    #expect(SectionKey.byte(of: place.key, within: 0, in: moved) == 9)
    // Gone: its nearest ancestor left, at its heading.
    let gone = try Self.outline("# Guide\n\nIntro.\n\n## Install\n\nFirst.\n")
    #expect(SectionKey.byte(of: place.key, within: 5, in: gone) == 17)
    #expect(SectionKey.byte(of: "nothing/here", within: 0, in: gone) == nil)
  }

  @Test func aChangedDocumentIsFoundByItsSectionAndAnOldLineStillReads() throws {
    try Fixtures.withTree(["a.md": "# A\n\n## B\n\ntext\n"]) { root in
      let file = root.appendingPathComponent("state/isle/places").path
      let places = ReadPlaces(file: file)
      let path = root.appendingPathComponent("a.md").path
      let a = try #require(ReadPlaces.Identity(path: path))
      places.save(12, in: (key: "a/b", within: 2), for: a)
      #expect(
        places.kept(for: a) == ReadPlaces.Kept(offset: 12, sameVersion: true, key: "a/b", within: 2)
      )
      try Data("# A\n\nNew.\n\n## B\n\ntext\n".utf8).write(to: URL(fileURLWithPath: path))
      let changed = try #require(ReadPlaces.Identity(path: path))
      let kept = try #require(places.kept(for: changed))
      #expect(!kept.sameVersion && kept.needsOutline)
      let document = try Self.outline("# A\n\nNew.\n\n## B\n\ntext\n")
      #expect(kept.byte(in: document) == 13)
      // A line as an earlier isle wrote it: the offset, no section.
      try Data("7\t\(changed.size)\t\(changed.modified)\t\(changed.path)\n".utf8).write(
        to: URL(fileURLWithPath: file))
      #expect(places.offset(for: changed) == 7)
    }
  }

  @Test func sectionsReadAreKeptByPathAcrossEdits() throws {
    try Fixtures.withTree(["a.md": "# A\n"]) { root in
      let marks = ReadMarks(file: root.appendingPathComponent("state/isle/read").path)
      let path = root.appendingPathComponent("a.md").path
      #expect(marks.keys(for: path).isEmpty)
      marks.save(["a", "a/b%20c", ""], for: path)
      try Data("# A\n\nedited\n".utf8).write(to: URL(fileURLWithPath: path))
      #expect(marks.keys(for: path) == ["a", "a/b%20c"])
    }
  }
}
