import Cells
import Outline
import TestSupport
import Testing

@testable import Island

/// The closed bar and the open contents at every width, for any titles and
/// numbers: no line wider than asked, and nothing traps.
@Suite struct WidthPropertyTests {
  @Test(arguments: [Theme.plain, Theme(glyphs: .ascii, paint: Paint(enabled: true))])
  func barsAndContentsFitEveryWidth(theme: Theme) {
    var random = SplitMix(state: 7)
    for round in 0..<10 {
      let sections = PickerPropertyTests.document(&random).sections
      guard !sections.isEmpty else { continue }
      for width in [1, 2, 3, 4, 5, 7, 9, 12, 20, 33, 60, 120, 400] {
        // A filtered few, as the picker shows, with numbers of any length.
        let shown = sections.filter { _ in Int.random(in: 0..<4, using: &random) == 0 }
        let rows = shown.isEmpty ? Array(sections.prefix(1)) : shown
        let contents = Contents(
          sections: rows, currentIndex: Int.random(in: -1..<rows.count + 1, using: &random),
          readFraction: Double.random(in: -1...2, using: &random), barDetail: "12 min",
          theme: theme, width: width)
        for line in contents.lines() {
          let cells = Cells.width(of: visibleText(line))
          #expect(cells <= width, "round \(round): \(cells) cells in \(width)")
        }
        let section = rows[Int.random(in: 0..<rows.count, using: &random)]
        let bar = Bar(
          title: section.title, number: section.number, count: sections.count,
          fraction: Double.random(in: 0...1, using: &random), theme: theme, width: width)
        let cells = Cells.width(of: visibleText(bar.text()))
        #expect(cells <= width, "round \(round): bar of \(cells) cells in \(width)")
      }
    }
  }
}
