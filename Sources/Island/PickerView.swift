import Cells
import Outline
import Progress

/// Draws the interactive island: one frame for a state, and the frames in
/// between two states that make it move like the phone island.
///
/// A frame is the lines of the region below the prompt, top to bottom: the
/// panel (rows grow upward from the bar), the bar, and a blank line of
/// margin above the terminal's bottom. Every line keeps a cell of room from
/// the terminal's left side and at least one from its right.
public struct PickerView: Sendable {
  /// The document picked from.
  public let document: Document
  /// The words of the island.
  public let copy: Wording
  /// The glyphs and colours.
  public let theme: Theme
  /// The terminal's width.
  public let columns: Int
  /// Where a reader stands in a page the contents open over (`isle
  /// read`): its fraction read and time left go on the contents' bar, as
  /// the island says them. Nil in `pick`, where the bar says where the
  /// puck's section would put the reader.
  public var reading: Place? = nil
  /// The sections read (indices into the document's), drawn so.
  public var readSections: Set<Int> = []

  /// A view of `document` for a terminal `columns` wide.
  public init(document: Document, copy: Wording, theme: Theme, columns: Int) {
    self.document = document
    self.copy = copy
    self.theme = theme
    self.columns = columns
  }

  /// The lines a frame takes: the panel, the bar and the margin.
  public func height(_ state: PickerState) -> Int { state.panelRows + 2 }

  private var width: Int { max(columns - 2, 1) }

  /// Where a reader arriving at section `index` stands.
  func place(_ index: Int) -> Place {
    var place = Place.locate(.line(document.sections[index].line), in: document)
    place.currentIndex = index
    return place
  }

  /// The frame for `state`.
  public func frame(_ state: PickerState) -> [String] {
    fitted(state.isOpen ? openFrame(state) : closedFrame(state, shift: 0))
  }

  /// A terminal under three columns has no room for a cell of margin on
  /// each side and one of island: its lines stay blank.
  private func fitted(_ frame: [String]) -> [String] {
    columns < 3 ? frame.map { _ in "" } : frame
  }

  private func closedFrame(_ state: PickerState, shift: Int, title: String? = nil) -> [String] {
    var lines = Array(repeating: "", count: state.panelRows)
    // A bounce to the right takes a cell from the bar's room, if it has one.
    let shift = min(shift, max(width - 1, 0))
    if let index = state.selected {
      let section = document.sections[index]
      let arrival = place(index)
      let bar = Bar(
        title: title ?? section.title, number: section.number, count: document.sections.count,
        fraction: arrival.fraction, copy: copy, theme: theme, width: max(width - max(shift, 0), 1),
        left: copy.timeLeft(from: arrival, in: document))
      lines.append(String(repeating: " ", count: max(1 + shift, 0)) + bar.text())
    } else {
      lines.append("")
    }
    return lines + [""]
  }

  private func openFrame(
    _ state: PickerState, shown: Int? = nil, alsoOnPuck: Set<Int> = [],
    markers: [Int: String] = [:],
    fadingIn: Set<Int> = []
  ) -> [String] {
    let rows = state.filtered
    let visible = state.visibleRows
    var contentsCopy = copy
    if !state.query.isEmpty { contentsCopy.contentsTitle = "/" + state.query }
    let selected = state.selected
    let arrival = reading ?? selected.map(place)
    var contents = Contents(
      sections: rows.map { document.sections[$0] },
      currentIndex: selected == nil ? nil : state.puck,
      readFraction: arrival?.fraction ?? 0,
      barDetail: arrival.map {
        copy.readAmount($0.fraction, left: copy.timeLeft(from: $0, in: document))
      } ?? "0 of \(document.sections.count)",
      copy: contentsCopy, theme: theme, width: width)
    contents.frame.read = Set(rows.indices.filter { readSections.contains(rows[$0]) })
    var faint = fadingIn
    if visible.lowerBound > 0 { faint.insert(visible.lowerBound) }
    if visible.upperBound < rows.count, !visible.isEmpty { faint.insert(visible.upperBound - 1) }
    var drawn: [String]
    if rows.isEmpty {
      // Nothing matches: the bar alone, reading the filter.
      drawn = [
        Bar(title: "/" + state.query, number: 1, count: 1, fraction: 0, theme: theme, width: width)
          .text()
      ]
    } else {
      drawn = contents.lines(
        showing: visible, faint: faint, alsoOnPuck: alsoOnPuck, markers: markers)
    }
    let bar = drawn.removeLast()
    if let shown { drawn = Array(drawn.suffix(shown)) }
    let padding = Array(repeating: "", count: max(state.panelRows - drawn.count, 0))
    return padding + drawn.map { " " + $0 } + [" " + bar, ""]
  }

  /// The frames between `old` and `new`, not counting `new`'s own: the
  /// contents growing upward row by row as they open, the puck's leading
  /// edge reaching the next row before its far edge leaves, the bar's
  /// title changing letter by letter, a bounce at either end, rows fading in
  /// as they scroll into view. Empty when nothing moves.
  public func transition(from old: PickerState, to new: PickerState) -> [[String]] {
    frames(from: old, to: new).map(fitted)
  }

  private func frames(from old: PickerState, to new: PickerState) -> [[String]] {
    if !old.isOpen && new.isOpen {
      let count = new.visibleRows.count
      let step = max((count + 5) / 6, 1)
      return stride(from: step, to: count, by: step).map { openFrame(new, shown: $0) }
    }
    if old.isOpen && !new.isOpen {
      let count = old.visibleRows.count
      let step = max((count + 3) / 4, 1)
      return stride(from: count - step, to: 0, by: -step).map { openFrame(old, shown: $0) }
    }
    if !new.isOpen {
      var frames: [[String]] = []
      if new.overshoot != 0 { frames.append(closedFrame(new, shift: new.overshoot)) }
      if let was = old.selected, let now = new.selected, was != now {
        let from = Array(document.sections[was].title)
        let to = Array(document.sections[now].title)
        let longest = max(from.count, to.count)
        let step = max((longest + 4) / 5, 1)
        for done in stride(from: step, to: longest, by: step) {
          let mixed = String(to.prefix(done)) + String(from.dropFirst(done))
          if mixed != String(from) { frames.append(closedFrame(new, shift: 0, title: mixed)) }
        }
      }
      return frames
    }
    guard old.query == new.query, old.puck != new.puck else { return [] }
    let visible = new.visibleRows
    var fadingIn = Set<Int>()
    if new.scrollTop != old.scrollTop {
      let before = old.visibleRows
      fadingIn = Set(visible.filter { !before.contains($0) })
    }
    guard abs(new.puck - old.puck) == 1, visible.contains(old.puck) else {
      return fadingIn.isEmpty ? [] : [openFrame(new, fadingIn: fadingIn)]
    }
    let down = new.puck > old.puck
    // The leading edge first: both rows on the puck, the marker cells
    // showing where the puck's body is (eighth blocks).
    let marks = down ? [old.puck: "▄", new.puck: "▀"] : [old.puck: "▀", new.puck: "▄"]
    let glyphMarks = theme.glyphs == .ascii ? [:] : marks
    return [openFrame(new, alsoOnPuck: [old.puck], markers: glyphMarks, fadingIn: fadingIn)]
  }
}
