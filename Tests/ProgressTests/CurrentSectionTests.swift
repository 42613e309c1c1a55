import Outline
import Progress
import ReadingTime
import Testing

@Suite struct CurrentSectionTests {
  let sections = [0, 10, 25].enumerated().map { place, offset in
    Section(
      number: place + 1, level: 2, title: "S\(place)", id: "s\(place)", line: place + 1,
      offset: offset, endLine: place + 2, endOffset: offset + 5, reading: ReadingAmount(),
      minutes: 0)
  }

  @Test func isTheLastSectionStartingAtOrBefore() throws {
    #expect(CurrentSection.index(in: sections, atOffset: 0) == 0)
    #expect(CurrentSection.index(in: sections, atOffset: 9) == 0)
    #expect(CurrentSection.index(in: sections, atOffset: 10) == 1)
    #expect(CurrentSection.index(in: sections, atOffset: 24) == 1)
    #expect(CurrentSection.index(in: sections, atOffset: 1_000) == 2)
  }

  @Test func beforeTheFirstSectionReadsAsTheFirst() throws {
    let later = sections.map { section -> Section in
      var moved = section
      moved.offset += 100
      return moved
    }
    #expect(CurrentSection.index(in: later, atOffset: 3) == 0)
  }

  @Test func noSectionsNoCurrent() throws {
    #expect(CurrentSection.index(in: [], atOffset: 0) == nil)
  }
}
