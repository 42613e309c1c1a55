import Cells
import Outline

/// The interactive island's state: closed bar or open contents, the
/// section under the puck, the filter typed, and what is scrolled into view.
/// Pure: events in, state and outcome out; the terminal is elsewhere.
public struct PickerState: Equatable, Sendable {
  /// Every section of the document.
  public let sections: [Section]
  /// Open contents, or the closed bar.
  public private(set) var isOpen: Bool
  /// The section shown on the closed bar (an index into `sections`).
  public private(set) var barIndex: Int
  /// True once ← or → has stepped the closed bar, so Return commits it.
  public private(set) var hasStepped = false
  /// The filter typed while open.
  public private(set) var query = ""
  /// The puck's row among the filtered rows.
  public private(set) var puck = 0
  /// The first filtered row in view.
  public private(set) var scrollTop = 0
  /// How many rows the panel may show (about 60% of the terminal).
  public private(set) var panelRows: Int
  /// Set for one frame when a step met an end: -1 at the first, +1 at the
  /// last, so the bar can bounce visibly instead of wrapping.
  public private(set) var overshoot = 0

  /// A picker on `sections`, starting on section `start`, open unless
  /// `closed`, with room for `panelRows` rows.
  public init(sections: [Section], start: Int = 0, closed: Bool = false, panelRows: Int) {
    self.sections = sections
    self.isOpen = !closed
    self.barIndex = min(max(start, 0), max(sections.count - 1, 0))
    self.panelRows = max(panelRows, 1)
    self.filtered = Array(sections.indices)
    self.looseTitles = sections.map { LooseText.folded($0.title) }
    self.puck = barIndex
    scrollIntoView()
  }

  /// How many rows the panel shows in a terminal `terminalRows` high: about
  /// 60% of it, no more than there are sections, and at least one.
  public static func panelRows(terminalRows: Int, sections: Int) -> Int {
    max(min(sections, terminalRows * 6 / 10 - 1), 1)
  }

  /// The indices (into `sections`) of the rows the filter lets through,
  /// best match first (`TitleRank`; ties in document order), every row in
  /// document order while nothing is typed. Kept, not derived on each use: every key reads it
  /// several times, and matching is a pass over every title.
  public private(set) var filtered: [Int]

  /// The titles as the filter reads them: case, diacritics and
  /// compatibility forms folded away, as `jump` reads a title (`uber`
  /// finds `Überschrift`). Folded once, not on every key.
  private let looseTitles: [String]

  /// The rows `query` lets through: titles holding the typed letters in
  /// order, without regard to case or diacritics, ranked as fzf and an
  /// editor's Go to Symbol rank them (the title, a title or a word that
  /// begins with the query, one holding it, then its letters in order,
  /// word starts and runs first); ties in document order.
  static func matches(_ query: String, in titles: [String]) -> [Int] {
    guard !query.isEmpty else { return Array(titles.indices) }
    let wanted = LooseText.folded(query)
    let ranked = titles.indices.compactMap { index in
      TitleRank.of(wanted, in: titles[index]).map { (rank: $0, index: index) }
    }
    return ranked.sorted { $0.rank != $1.rank ? $0.rank < $1.rank : $0.index < $1.index }
      .map(\.index)
  }

  /// The section under the puck (open) or on the bar (closed), if any.
  public var selected: Int? {
    if !isOpen { return sections.isEmpty ? nil : barIndex }
    let rows = filtered
    return rows.indices.contains(puck) ? rows[puck] : nil
  }

  /// The filtered rows in view, top to bottom.
  public var visibleRows: Range<Int> {
    let count = filtered.count
    return min(scrollTop, count)..<min(scrollTop + panelRows, count)
  }

  /// Applies `event` and says whether the session goes on.
  public mutating func handle(_ event: PickerEvent) -> PickerOutcome {
    overshoot = 0
    guard !sections.isEmpty else { return event == .interrupt ? .interrupted : .cancelled }
    if event == .interrupt { return .interrupted }
    if case .resize(_, let rows) = event {
      panelRows = Self.panelRows(terminalRows: rows, sections: sections.count)
      scrollIntoView()
      return .going
    }
    return isOpen ? handleOpen(event) : handleClosed(event)
  }

  private mutating func handleClosed(_ event: PickerEvent) -> PickerOutcome {
    switch event {
    case .left: step(-1)
    case .right: step(1)
    case .drag(let cells): step(cells)
    case .wheelUp: step(-1)
    case .wheelDown: step(1)
    case .enter:
      if hasStepped { return .picked(barIndex) }
      open()
    case .up, .space, .click: open()
    case .escape, .character("q"): return .cancelled
    default: break
    }
    return .going
  }

  private mutating func handleOpen(_ event: PickerEvent) -> PickerOutcome {
    let count = filtered.count
    switch event {
    case .up, .wheelUp: movePuck(to: puck - 1, count: count)
    case .down, .wheelDown: movePuck(to: puck + 1, count: count)
    case .pageUp: movePuck(to: puck - panelRows, count: count)
    case .pageDown: movePuck(to: puck + panelRows, count: count)
    case .home: movePuck(to: 0, count: count)
    case .end: movePuck(to: count - 1, count: count)
    case .enter, .space:
      if let selected { return .picked(selected) }
    case .click(let row):
      guard let row else { break }
      let index = scrollTop + row
      if filtered.indices.contains(index) { return .picked(filtered[index]) }
    case .escape:
      if let selected { barIndex = selected }
      isOpen = false
      query = ""
      filtered = Array(sections.indices)
    case .backspace:
      if !query.isEmpty { setQuery(String(query.dropLast())) }
    case .character(let character):
      setQuery(query + String(character))
    default: break
    }
    return .going
  }

  private mutating func open() {
    isOpen = true
    query = ""
    filtered = Array(sections.indices)
    puck = barIndex
    scrollIntoView()
  }

  private mutating func step(_ steps: Int) {
    let wanted = barIndex + steps
    if wanted < 0 {
      overshoot = -1
    } else if wanted >= sections.count {
      overshoot = 1
    }
    let clamped = min(max(wanted, 0), sections.count - 1)
    if clamped != barIndex { hasStepped = true }
    barIndex = clamped
  }

  private mutating func movePuck(to row: Int, count: Int) {
    guard count > 0 else { return }
    if row < 0 { overshoot = -1 }
    if row >= count { overshoot = 1 }
    puck = min(max(row, 0), count - 1)
    scrollIntoView()
  }

  /// Puts the puck on the best match when the filter changes; with the
  /// filter emptied, keeps it on the section it was on.
  private mutating func setQuery(_ text: String) {
    let was = selected
    query = text
    filtered = Self.matches(text, in: looseTitles)
    puck = text.isEmpty ? was.flatMap { filtered.firstIndex(of: $0) } ?? 0 : 0
    scrollTop = 0
    scrollIntoView()
  }

  /// Scrolls so the puck's row is in view.
  private mutating func scrollIntoView() {
    let count = filtered.count
    if puck < scrollTop { scrollTop = puck }
    if puck >= scrollTop + panelRows { scrollTop = puck - panelRows + 1 }
    scrollTop = max(min(scrollTop, max(count - panelRows, 0)), 0)
  }
}
