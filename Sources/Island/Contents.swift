import Cells
import Outline

/// The open island: every section on a row, and below them the bar reading
/// the contents title.
///
/// ```
///    1  Overview                 1 min
///    2  Ingredients              2 min
///  ▌ 3  Method                   5 min
///  ◑ Contents              62% read ⌄
/// ```
public struct Contents: Sendable {
  /// The sections, one row each.
  public var sections: [Section]
  /// The text before the first section (see `Document.preamble`): a row
  /// above the sections, without a number, when its share is a minute or
  /// more, named by its title or else `copy.preamble`. Nil for none.
  public var preamble: Section? = nil
  /// The row on the puck, the ring, the bar's end and the look.
  public var frame: ContentsFrame

  /// Creates the contents from its parts.
  public init(
    sections: [Section], currentIndex: Int? = nil, readFraction: Double = 0, barDetail: String,
    copy: Wording = Wording(), theme: Theme = .plain, width: Int = 60
  ) {
    self.sections = sections
    frame = ContentsFrame(
      currentIndex: currentIndex, readFraction: readFraction, barDetail: barDetail, copy: copy,
      theme: theme, width: width)
  }

  /// The rows and the bar, top to bottom; nothing when there are no
  /// sections. No line is wider than `width`.
  ///
  /// Rows end where the bar's detail ends; the bar's chevron stands past
  /// them. A title that does not fit is cut with an ellipsis; a detail is
  /// never cut, only left out when even one character of title would not
  /// fit beside it. Without colour the current row carries a marker; with
  /// colour it sits on the puck, accent background and dark ink.
  public func lines() -> [String] { lines(showing: nil) }

  /// The preamble when it has a row: when its share of the minutes is one
  /// or more, so that the rows add up to the bar's time.
  var preambleRow: Section? { preamble.flatMap { $0.minutes > 0 ? $0 : nil } }

  /// The rows in `visible` (all when nil) and the bar. For the picker:
  /// rows in `faint` are drawn fainter (an edge with more beyond it), rows
  /// in `alsoOnPuck` share the puck (its far edge, a moment behind), and
  /// `markers` replaces a row's marker cell (eighth blocks as the puck
  /// glides). Widths come from every section, so rows keep their columns
  /// as they scroll.
  public func lines(
    showing visible: Range<Int>?, faint: Set<Int> = [], alsoOnPuck: Set<Int> = [],
    markers: [Int: String] = [:]
  ) -> [String] {
    guard !sections.isEmpty else { return [] }
    func onPuck(_ index: Int) -> Bool { index == frame.currentIndex || alsoOnPuck.contains(index) }
    let glyphs = frame.theme.glyphs
    // The rows may be a filtered few with numbers of any length.
    let numberWidth = sections.map { String($0.number).count }.max() ?? 1
    let topLevel = sections.map(\.level).min() ?? 1
    let markerWidth = Cells.width(of: glyphs.puck)
    let titles = sections.map { SafeText.forTerminal($0.title) }

    func lead(_ index: Int, indent: Bool) -> String {
      let marker =
        markers[index]
        ?? (onPuck(index) && !frame.theme.paint.enabled
          ? glyphs.puck : String(repeating: " ", count: markerWidth))
      let number = String(sections[index].number)
      let padding = String(repeating: " ", count: numberWidth - number.count)
      let indentation =
        indent ? String(repeating: " ", count: 2 * (sections[index].level - topLevel)) : ""
      let read = frame.read.contains(index) ? glyphs.read : " "
      return " " + marker + read + padding + number + "  " + indentation
    }
    // The preamble's row has no number: it is no section to jump to.
    let preamble = preambleRow.map { part in
      (
        lead: " " + String(repeating: " ", count: markerWidth + 1 + numberWidth) + "  ",
        title: SafeText.forTerminal(part.title.isEmpty ? frame.copy.preamble : part.title),
        detail: frame.copy.detail(part)
      )
    }

    let barTitle = SafeText.forTerminal(frame.copy.contentsTitle)
    let barLead = " " + glyphs.ring(for: frame.readFraction) + " "
    let chevron = " " + glyphs.chevronDown
    var natural =
      Cells.width(of: barLead) + Cells.width(of: barTitle) + 2 + Cells.width(of: frame.barDetail)
    func widen(_ head: String, _ title: String, _ detail: String?) {
      let room = detail.map { 2 + Cells.width(of: $0) } ?? 0
      natural = max(natural, Cells.width(of: head) + Cells.width(of: title) + room)
    }
    for index in sections.indices {
      widen(lead(index, indent: true), titles[index], frame.copy.detail(sections[index]))
    }
    if let preamble { widen(preamble.lead, preamble.title, preamble.detail) }
    let chevronFits = frame.width - Cells.width(of: chevron) >= 1
    let rowWidth = max(
      min(natural, chevronFits ? frame.width - Cells.width(of: chevron) : frame.width), 1)

    var lines: [String] = []
    if let preamble, visible == nil {
      lines.append(
        row(
          head: preamble.lead, bare: preamble.lead, title: preamble.title,
          detail: preamble.detail, width: rowWidth
        ).render(frame.theme.paint))
    }
    for index in visible ?? sections.indices {
      var row = self.row(
        head: lead(index, indent: true), bare: lead(index, indent: false), title: titles[index],
        detail: frame.copy.detail(sections[index]), width: rowWidth)
      if onPuck(index) && frame.theme.paint.enabled {
        // The puck spans the whole row.
        row.append(String(repeating: " ", count: max(rowWidth - row.width, 0)))
        row = row.recolored(.puck)
      } else if faint.contains(index) || frame.read.contains(index) {
        row = row.recolored(.faint)
      }
      lines.append(row.render(frame.theme.paint))
    }
    lines.append(bar(lead: barLead, title: barTitle, rowWidth: rowWidth, chevronFits: chevronFits))
    return lines
  }

  /// One row `width` cells wide: `head` (marker, number, indentation; `bare`
  /// is it without the indentation, for a row too narrow for both), the
  /// title cut to fit, and the detail at the end.
  private func row(head: String, bare: String, title: String, detail: String?, width: Int) -> Line {
    let ellipsis = frame.theme.glyphs.ellipsis
    var head = head
    var detail = detail ?? ""
    func room() -> Int {
      width - Cells.width(of: head) - (detail.isEmpty ? 0 : 2 + Cells.width(of: detail))
    }
    let wanted = min(Cells.width(of: title), Cells.width(of: ellipsis) + 1)
    if room() < wanted { head = bare }
    if room() < wanted { detail = "" }
    var row = Line(
      head + Bidi.isolated(Cells.truncate(title, toWidth: max(room(), 0), ellipsis: ellipsis)))
    if !detail.isEmpty {
      row.append(String(repeating: " ", count: max(width - row.width - Cells.width(of: detail), 2)))
      row.append(detail)
    }
    return row.cut(to: width, ellipsis: ellipsis)
  }

  /// The bar below the rows: the ring, the contents title, the detail at
  /// the rows' end and the chevron past it.
  private func bar(lead: String, title: String, rowWidth: Int, chevronFits: Bool) -> String {
    let glyphs = frame.theme.glyphs
    var detail = frame.barDetail
    func barRoom() -> Int {
      rowWidth - Cells.width(of: lead) - (detail.isEmpty ? 0 : 2 + Cells.width(of: detail))
    }
    if barRoom() < min(Cells.width(of: title), Cells.width(of: glyphs.ellipsis) + 1) {
      detail = ""
    }
    var bar = Line(" ") + Line(glyphs.ring(for: frame.readFraction), .accent) + Line(" ")
    bar.append(Cells.truncate(title, toWidth: max(barRoom(), 0), ellipsis: glyphs.ellipsis))
    if !detail.isEmpty {
      bar.append(
        String(repeating: " ", count: max(rowWidth - bar.width - Cells.width(of: detail), 2)))
      bar.append(detail)
    }
    if chevronFits { bar.append(" " + glyphs.chevronDown) }
    return bar.cut(to: frame.width, ellipsis: glyphs.ellipsis).render(frame.theme.paint)
  }
}
