import Cells
import Outline
import ReadingTime
import Testing

@testable import Island

@Suite struct RingTests {
  @Test func fillsInQuarters() throws {
    #expect(Glyphs.unicode.ring(for: 0) == "○")
    #expect(Glyphs.unicode.ring(for: 0.24) == "○")
    #expect(Glyphs.unicode.ring(for: 0.25) == "◔")
    #expect(Glyphs.unicode.ring(for: 0.62) == "◑")
    #expect(Glyphs.unicode.ring(for: 0.99) == "◕")
    #expect(Glyphs.unicode.ring(for: 1) == "●")
    #expect(Glyphs.ascii.ring(for: 0.5) == "[##  ]")
  }
}

@Suite struct ContentsTests {
  private func section(_ number: Int, _ title: String, level: Int = 2, minutes: Int = 1) -> Section
  {
    Section(
      number: number, level: level, title: title, id: "", line: number, offset: number,
      endLine: number + 1,
      endOffset: number + 1, reading: ReadingAmount(words: minutes * 238), minutes: minutes)
  }

  @Test func rowsThenTheBarAlignedOnTheRight() throws {
    let contents = Contents(
      sections: [
        section(1, "Overview"), section(2, "Method", minutes: 5), section(3, "Notes", minutes: 0),
      ],
      currentIndex: 1, readFraction: 0.62, barDetail: "62% read")
    #expect(
      contents.lines() == [
        "   1  Overview  1 min",
        " ▌ 2  Method    5 min",
        "   3  Notes",
        " ◑ Contents  62% read ⌄",
      ])
  }

  @Test func longTitlesAreCutButDetailsNever() throws {
    let contents = Contents(
      sections: [section(1, "A very long title that will not fit in the island")],
      barDetail: "1 min",
      width: 24)
    let lines = contents.lines()
    // Rows stop two cells short of the bar, whose chevron stands past them.
    #expect(lines[0] == "   1  A very l…  1 min")
    #expect(Cells.width(of: lines[1]) == 24)
    #expect(lines.allSatisfy { Cells.width(of: $0) <= 24 })
  }

  @Test func deeperLevelsIndent() throws {
    let contents = Contents(
      sections: [section(1, "Top", level: 1), section(2, "Sub", level: 2)], barDetail: "")
    #expect(contents.lines().prefix(2) == ["   1  Top    1 min", "   2    Sub  1 min"])
  }

  @Test func noSectionsDrawNothing() throws {
    #expect(Contents(sections: [], barDetail: "").lines().isEmpty)
  }
}
