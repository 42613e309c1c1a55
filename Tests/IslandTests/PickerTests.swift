import Outline
import ReadingTime
import Testing

@testable import Island

@Suite struct PickerStateTests {
  static func sections(_ titles: [String]) -> [Section] {
    titles.enumerated().map { index, title in
      Section(
        number: index + 1, level: 2, title: title, id: title.lowercased(), line: index * 10 + 1,
        offset: index * 100, endLine: index * 10 + 11, endOffset: index * 100 + 100,
        reading: ReadingAmount(words: 10), minutes: 1)
    }
  }

  let recipe = sections(["Overview", "Ingredients", "Method", "Serving", "Notes"])

  @Test func openKeysMoveThePuckAndStopAtTheEnds() throws {
    var state = PickerState(sections: recipe, panelRows: 3)
    #expect(state.isOpen && state.selected == 0)
    #expect(state.handle(.up) == .going)
    #expect(state.selected == 0 && state.overshoot == -1)
    _ = state.handle(.down)
    _ = state.handle(.wheelDown)
    #expect(state.selected == 2 && state.overshoot == 0)
    _ = state.handle(.end)
    #expect(state.selected == 4)
    _ = state.handle(.down)
    #expect(state.selected == 4 && state.overshoot == 1)
    _ = state.handle(.home)
    #expect(state.selected == 0)
    _ = state.handle(.pageDown)
    #expect(state.selected == 3)
    _ = state.handle(.pageUp)
    #expect(state.selected == 0)
    _ = state.handle(.wheelUp)
    #expect(state.selected == 0)
  }

  @Test func thePucksRowIsAlwaysInView() throws {
    var state = PickerState(sections: recipe, panelRows: 2)
    for _ in 0..<4 {
      _ = state.handle(.down)
      #expect(state.visibleRows.contains(state.puck))
    }
    #expect(state.visibleRows == 3..<5)
    _ = state.handle(.home)
    #expect(state.visibleRows == 0..<2)
  }

  @Test func returnAndSpacePickAndAClickPicksItsRow() throws {
    var state = PickerState(sections: recipe, start: 2, panelRows: 5)
    #expect(state.handle(.enter) == .picked(2))
    state = PickerState(sections: recipe, start: 1, panelRows: 5)
    #expect(state.handle(.space) == .picked(1))
    state = PickerState(sections: recipe, panelRows: 2)
    _ = state.handle(.end)
    #expect(state.handle(.click(row: 0)) == .picked(3))
    #expect(state.handle(.click(row: 7)) == .going)
  }

  @Test func typingFiltersAndBackspaceUndoes() throws {
    var state = PickerState(sections: recipe, start: 2, panelRows: 5)
    _ = state.handle(.character("E"))
    #expect(state.filtered == [0, 1, 2, 3, 4])
    _ = state.handle(.character("t"))
    // "et" runs in Method, and only scatters in Ingredients: Method first.
    #expect(state.filtered == [2, 1])
    #expect(state.selected == 2)  // the puck on the best
    _ = state.handle(.character("s"))
    #expect(state.filtered == [1])  // Method is filtered out: the first match
    #expect(state.selected == 1)
    _ = state.handle(.character("z"))
    #expect(state.filtered.isEmpty && state.selected == nil)
    #expect(state.handle(.enter) == .going)
    _ = state.handle(.backspace)
    #expect(state.filtered == [1])
    #expect(state.handle(.enter) == .picked(1))
  }

  /// A title or a word beginning with what is typed, then one holding
  /// it, before titles holding its letters apart; ties in document order.
  @Test func matchesAreRankedAsFzfRanksThem() throws {
    let titles = Self.sections([
      "Storing UTF-8 Encoded Text with Strings", "Slices", "Iterating Over Strings",
      "The Slice Type", "Using iterators", "Writer",
    ])
    var state = PickerState(sections: titles, panelRows: 6)
    for character in "iter" { _ = state.handle(.character(character)) }
    #expect(state.filtered == [2, 4, 5, 0])
    #expect(state.handle(.enter) == .picked(2))
    state = PickerState(sections: titles, panelRows: 6)
    for character in "slice" { _ = state.handle(.character(character)) }
    #expect(state.filtered == [1, 3])
  }

  @Test func escapeClosesOntoTheBarThenLeaves() throws {
    var state = PickerState(sections: recipe, start: 3, panelRows: 5)
    _ = state.handle(.character("m"))
    #expect(state.handle(.escape) == .going)
    #expect(!state.isOpen && state.query.isEmpty)
    #expect(state.selected == 2)  // Method, the row under the puck
    #expect(state.handle(.escape) == .cancelled)
    var other = PickerState(sections: recipe, closed: true, panelRows: 5)
    #expect(other.handle(.character("q")) == .cancelled)
  }

  @Test func theClosedBarStepsGivesAtTheEndsAndOpens() throws {
    var state = PickerState(sections: recipe, start: 0, closed: true, panelRows: 5)
    _ = state.handle(.left)
    #expect(state.selected == 0 && state.overshoot == -1 && !state.hasStepped)
    _ = state.handle(.right)
    _ = state.handle(.right)
    #expect(state.selected == 2 && state.hasStepped)
    _ = state.handle(.drag(cells: 5))
    #expect(state.selected == 4 && state.overshoot == 1)
    #expect(state.handle(.enter) == .picked(4))

    for key in [PickerEvent.up, .space, .click(row: nil)] {
      var fresh = PickerState(sections: recipe, start: 1, closed: true, panelRows: 5)
      #expect(fresh.handle(key) == .going)
      #expect(fresh.isOpen && fresh.selected == 1)
    }
    var unstepped = PickerState(sections: recipe, closed: true, panelRows: 5)
    #expect(unstepped.handle(.enter) == .going)
    #expect(unstepped.isOpen)
  }

  @Test func ctrlCInterruptsFromEitherState() throws {
    var open = PickerState(sections: recipe, panelRows: 5)
    #expect(open.handle(.interrupt) == .interrupted)
    var closed = PickerState(sections: recipe, closed: true, panelRows: 5)
    #expect(closed.handle(.interrupt) == .interrupted)
  }

  @Test func anEmptyDocumentEndsAtOnce() throws {
    var state = PickerState(sections: [], panelRows: 5)
    #expect(state.selected == nil)
    #expect(state.handle(.down) == .cancelled)
  }

  @Test func oneSection() throws {
    var state = PickerState(sections: Self.sections(["Only"]), panelRows: 5)
    _ = state.handle(.down)
    #expect(state.selected == 0)
    #expect(state.handle(.enter) == .picked(0))
  }

  @Test func aResizeKeepsThePuckInView() throws {
    var state = PickerState(sections: recipe, start: 4, panelRows: 5)
    _ = state.handle(.resize(columns: 40, rows: 5))
    #expect(state.panelRows == 2)
    #expect(state.visibleRows.contains(state.puck))
  }
}

@Suite struct PickerViewTests {
  let document = try! Outliner.outline(
    Array("# One\n\ntext\n\n## Two\n\nmore\n\n## Three\n\nend\n".utf8), path: nil)

  func view(_ theme: Theme = .plain) -> PickerView {
    PickerView(document: document, copy: Wording(), theme: theme, columns: 30)
  }

  @Test func aFrameIsThePanelTheBarAndAMargin() throws {
    let state = PickerState(sections: document.sections, start: 1, panelRows: 3)
    let frame = view().frame(state)
    #expect(frame.count == view().height(state))
    #expect(
      frame == [
        "    1  One      < 1 min", "  ▌ 2    Two    < 1 min", "    3    Three  < 1 min",
        "  ◔ Contents   40% read ⌄", "",
      ])
    let closed = PickerState(sections: document.sections, start: 1, closed: true, panelRows: 3)
    #expect(view().frame(closed) == ["", "", "", " ↑ ◔ Two  2 of 3 ⌃", ""])
  }

  @Test func theContentsGrowUpwardFromTheBar() throws {
    let closed = PickerState(sections: document.sections, closed: true, panelRows: 3)
    var open = closed
    _ = open.handle(.up)
    let frames = view().transition(from: closed, to: open)
    // The row nearest the bar first, then the next above it.
    #expect(frames.count == 2)
    #expect(frames[0].prefix(3) == ["", "", "    3    Three  < 1 min"])
    #expect(frames[1].prefix(3) == ["", "    2    Two    < 1 min", "    3    Three  < 1 min"])
    #expect(
      view().frame(open).prefix(3) == [
        "  ▌ 1  One      < 1 min", "    2    Two    < 1 min", "    3    Three  < 1 min",
      ])
  }

  @Test func thePucksLeadingEdgeArrivesFirst() throws {
    let before = PickerState(sections: document.sections, panelRows: 3)
    var after = before
    _ = after.handle(.down)
    let frames = view().transition(from: before, to: after)
    #expect(frames.count == 1)
    #expect(frames[0].prefix(2) == ["  ▄ 1  One      < 1 min", "  ▀ 2    Two    < 1 min"])
  }

  @Test func theBarsTitleChangesLetterByLetterAndGivesAtTheEnds() throws {
    let before = PickerState(sections: document.sections, start: 1, closed: true, panelRows: 3)
    var after = before
    _ = after.handle(.right)
    let frames = view().transition(from: before, to: after)
    #expect(
      frames.map { $0[3] } == [" ↑ ◕ Tho  3 of 3 ⌃", " ↑ ◕ Thr  3 of 3 ⌃", " ↑ ◕ Thre  3 of 3 ⌃"])
    var pushed = after
    _ = pushed.handle(.right)
    #expect(view().transition(from: after, to: pushed).map { $0[3] } == ["  ↑ ◕ Three  3 of 3 ⌃"])
  }

  @Test func rowsAtAnEdgeWithMoreBeyondAreFainter() throws {
    let theme = Theme(glyphs: .unicode, paint: Paint(enabled: true))
    let state = PickerState(sections: document.sections, panelRows: 2)
    let frame = PickerView(document: document, copy: Wording(), theme: theme, columns: 30).frame(
      state)
    #expect(frame[1].contains("\u{1B}[2m"))  // the bottom row shown, with Three beyond it
    #expect(!frame[0].contains("\u{1B}[2m"))
  }
}
