import Cells
import Outline
import ReadingTime
import TestSupport
import Testing

@testable import Island

/// The picker's state machine and view over random documents and random
/// key sequences: whatever is typed, nothing traps and every frame fits the
/// terminal it is drawn for.
@Suite struct PickerPropertyTests {

  /// Pieces of titles of every width: empty, ASCII, wide, emoji, marks,
  /// right-to-left, controls, digits.
  static let words = [
    "", "a", "Overview", "exa", "ow", "Declarations", "数据结构", "🅰️", "👩‍👩‍👧", "e\u{301}",
    "שלום", "مرحبا", "\t", "\u{1B}[31m", "12345", "—", "x", String(repeating: "long", count: 40),
  ]

  /// A Markdown document of 1–500 headings of random levels and titles,
  /// some with text under them, outlined as isle outlines any document:
  /// up to 90 words a section at 24 words a minute, the minutes of up to
  /// 900 at the usual 238, in a tenth of the text.
  static func document(_ random: inout SplitMix) -> Document {
    let count = Int.random(in: 1...500, using: &random)
    var text = ""
    for _ in 0..<count {
      let title = (0..<Int.random(in: 1...4, using: &random)).map { _ in
        words.randomElement(using: &random)!
      }.joined(separator: " ")
      text += String(repeating: "#", count: Int.random(in: 1...6, using: &random)) + " "
      text += title + "\n\n"
      text += String(repeating: "word ", count: Int.random(in: 0...90, using: &random)) + "\n\n"
    }
    var options = OutlineOptions()
    options.levels = 1...6
    options.rate = ReadingRate(wordsPerMinute: 24)
    return try! Outliner.outline(Array(text.utf8), path: nil, options: options)
  }

  static func event(_ random: inout SplitMix, titles: [String]) -> PickerEvent {
    switch Int.random(in: 0..<22, using: &random) {
    case 0: return .up
    case 1: return .down
    case 2: return .left
    case 3: return .right
    case 4: return .pageUp
    case 5: return .pageDown
    case 6: return .home
    case 7: return .end
    case 8: return .backspace
    case 9: return .escape
    case 10: return .space
    case 11:
      return .click(
        row: Bool.random(using: &random) ? nil : Int.random(in: -3...600, using: &random))
    case 12: return .wheelUp
    case 13: return .wheelDown
    case 14: return .drag(cells: Int.random(in: -700...700, using: &random))
    case 15:
      return .resize(
        columns: Int.random(in: 1...300, using: &random),
        rows: Int.random(in: 1...120, using: &random))
    case 16: return .enter
    default:
      // Letters from the titles, so filters match some rows and not others.
      let title = titles.randomElement(using: &random) ?? ""
      return .character(title.randomElement(using: &random) ?? "e")
    }
  }

  static func check(
    _ frame: [String], view: PickerView, state: PickerState, rows: Int, context: String
  ) {
    #expect(frame.count == view.height(state), "\(context): \(frame.count) lines")
    #expect(frame.count <= max(rows, 3), "\(context): \(frame.count) lines in \(rows) rows")
    for line in frame {
      let width = Cells.width(of: visibleText(line))
      #expect(width <= max(view.columns - 1, 0), "\(context): \(width) cells in \(view.columns)")
    }
  }

  @Test(arguments: [Theme.plain, Theme(glyphs: .ascii, paint: Paint(enabled: true))])
  func everyFrameFitsWhateverIsTyped(theme: Theme) {
    var random = SplitMix(state: 12)
    for round in 0..<20 {
      let document = Self.document(&random)
      let sections = document.sections
      guard !sections.isEmpty else { continue }
      let titles = sections.map(\.title)
      // Half the rounds start at the edges: terminals one to a few cells.
      let edge = round % 2 == 0
      var columns =
        edge
        ? [1, 2, 3, 4, 5, 8].randomElement(using: &random)!
        : Int.random(in: 1...200, using: &random)
      var rows =
        edge
        ? [1, 2, 3, 4, 5].randomElement(using: &random)! : Int.random(in: 1...80, using: &random)
      var state = PickerState(
        sections: sections, start: Int.random(in: -2...600, using: &random),
        closed: Bool.random(using: &random),
        panelRows: PickerState.panelRows(terminalRows: rows, sections: sections.count))
      for step in 0..<120 {
        let event = Self.event(&random, titles: titles)
        if case .resize(let newColumns, let newRows) = event {
          columns = newColumns
          rows = newRows
        }
        let before = state
        let outcome = state.handle(event)
        if case .picked(let index) = outcome { #expect(sections.indices.contains(index)) }
        let view = PickerView(
          document: document, copy: Wording(), theme: theme, columns: columns)
        let context = "round \(round) step \(step) \(event)"
        for frame in view.transition(from: before, to: state) {
          Self.check(frame, view: view, state: state, rows: rows, context: context)
        }
        Self.check(view.frame(state), view: view, state: state, rows: rows, context: context)
        if outcome != .going { break }
      }
    }
  }
}

/// Found by the picker's fuzz target: the bar bouncing at the last section
/// stood a cell past a narrow terminal when its title was cut to fit.
@Suite struct PickerBounceTests {
  @Test func aBounceOfABarCutToFitStaysInside() throws {
    let document = try Outliner.outline(Array("# A long title here\n\ntext\n".utf8), path: nil)
    for columns in 3...12 {
      var state = PickerState(sections: document.sections, closed: true, panelRows: 1)
      let before = state
      _ = state.handle(.right)
      #expect(state.overshoot == 1)
      let view = PickerView(document: document, copy: Wording(), theme: .plain, columns: columns)
      for frame in view.transition(from: before, to: state) {
        for line in frame { #expect(Cells.width(of: line) <= columns - 1, "\(columns): '\(line)'") }
      }
    }
  }
}
