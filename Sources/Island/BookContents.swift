import Cells

/// The open island of a book: each chapter on a row with its time, its
/// own headings under it, parts and drafts as such, and the bar below
/// with the book's time.
///
/// ```
///      1.  Hello World             2 min
///            Comments
///      2.  Primitives              3 min
///          Not yet (draft)
///  ◑ Contents                  5 min ⌄
/// ```
public struct BookContents: Sendable {
  /// One row of the book's contents.
  public struct Row: Sendable, Equatable {
    /// What the row shows; `missing`, a chapter whose file is not there.
    public enum Kind: Sendable, Equatable { case chapter, heading, part, draft, separator, missing }
    public var kind: Kind
    /// The chapter's number as the book gives it (`1.2.`); may be empty.
    public var number: String
    public var title: String
    /// Nesting, 0 at the top: two cells of indent each.
    public var depth: Int
    /// The chapter's reading time, for a chapter row.
    public var time: String?

    /// Creates a row from its parts.
    public init(kind: Kind, number: String = "", title: String, depth: Int, time: String? = nil) {
      self.kind = kind
      self.number = number
      self.title = title
      self.depth = depth
      self.time = time
    }
  }

  public var rows: [Row]
  /// The row on the puck, the ring, the bar's end and the look.
  public var frame: ContentsFrame

  /// Creates the contents from its rows and its frame.
  public init(rows: [Row], frame: ContentsFrame) {
    self.rows = rows
    self.frame = frame
  }

  /// The rows and the bar, top to bottom; no line wider than `width`.
  public func lines() -> [String] {
    guard !rows.isEmpty else { return [] }
    let glyphs = frame.theme.glyphs
    let markerWidth = Cells.width(of: glyphs.puck)
    let numberWidth = rows.map { Cells.width(of: $0.number) }.max() ?? 0
    func text(_ index: Int) -> (head: String, detail: String?) {
      let row = rows[index]
      let marker =
        index == frame.currentIndex && !frame.theme.paint.enabled
        ? glyphs.puck : String(repeating: " ", count: markerWidth)
      let number =
        row.number + String(repeating: " ", count: numberWidth - Cells.width(of: row.number))
      let indent = String(repeating: "  ", count: row.depth)
      var title = SafeText.forTerminal(row.title)
      if row.kind == .draft { title = frame.copy.draft(title) }
      if row.kind == .missing { title = frame.copy.missing(title) }
      if row.kind == .separator { title = String(repeating: "-", count: 3) }
      let gap = numberWidth > 0 ? "  " : ""
      let read = frame.read.contains(index) ? glyphs.read : " "
      return (" " + marker + read + number + gap + indent + Bidi.isolated(title), row.time)
    }
    let texts = rows.indices.map(text)
    let barLead = " " + glyphs.ring(for: frame.readFraction) + " "
    let barTitle = SafeText.forTerminal(frame.copy.contentsTitle)
    var natural =
      Cells.width(of: barLead) + Cells.width(of: barTitle) + 2 + Cells.width(of: frame.barDetail)
    for (head, detail) in texts {
      natural = max(natural, Cells.width(of: head) + (detail.map { 2 + Cells.width(of: $0) } ?? 0))
    }
    let chevron = " " + glyphs.chevronDown
    let rowWidth = max(min(natural, frame.width - Cells.width(of: chevron)), 1)
    var lines: [String] = []
    for (index, (head, detail)) in texts.enumerated() {
      lines.append(row(head, detail, look: look(index), width: rowWidth).render(frame.theme.paint))
    }
    var bar = Line(" ") + Line(glyphs.ring(for: frame.readFraction), .accent) + Line(" ")
    bar.append(barTitle)
    let room = rowWidth - bar.width - Cells.width(of: frame.barDetail)
    if room >= 2 {
      bar.append(String(repeating: " ", count: room))
      bar.append(frame.barDetail)
    }
    if frame.width - Cells.width(of: chevron) >= 1 { bar.append(chevron) }
    lines.append(bar.cut(to: frame.width, ellipsis: glyphs.ellipsis).render(frame.theme.paint))
    return lines
  }

  private func look(_ index: Int) -> Line.Look {
    if index == frame.currentIndex && frame.theme.paint.enabled { return .puck }
    if frame.read.contains(index) { return .faint }
    switch rows[index].kind {
    case .part: return .accent
    case .draft, .separator, .heading, .missing: return .faint
    case .chapter: return .plain
    }
  }

  /// `head` cut to leave room for `detail` at the row's end.
  private func row(_ head: String, _ detail: String?, look: Line.Look, width: Int) -> Line {
    let ellipsis = frame.theme.glyphs.ellipsis
    let room = width - (detail.map { 2 + Cells.width(of: $0) } ?? 0)
    var line = Line(Cells.truncate(head, toWidth: max(room, 1), ellipsis: ellipsis))
    if let detail, room >= 1 {
      line.append(
        String(repeating: " ", count: max(width - line.width - Cells.width(of: detail), 2)))
      line.append(detail)
    }
    if look == .puck { line.append(String(repeating: " ", count: max(width - line.width, 0))) }
    return line.cut(to: width, ellipsis: ellipsis).recolored(look)
  }
}
