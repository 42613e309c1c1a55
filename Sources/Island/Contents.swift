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
  /// The row on the puck, if a position was given.
  public var currentIndex: Int?
  /// How much has been read (0…1), shown by the ring.
  public var readFraction: Double
  /// What the bar says at its trailing end (`12 min`, `62% read`).
  public var barDetail: String
  /// The words of the island.
  public var copy: Copy
  /// The widest the island may grow, in cells.
  public var maxWidth: Int

  /// Creates the contents from its parts.
  public init(
    sections: [Section], currentIndex: Int? = nil, readFraction: Double = 0, barDetail: String,
    copy: Copy = Copy(), maxWidth: Int = 60
  ) {
    self.sections = sections
    self.currentIndex = currentIndex
    self.readFraction = readFraction
    self.barDetail = barDetail
    self.copy = copy
    self.maxWidth = maxWidth
  }

  /// The rows and the bar, top to bottom; nothing when there are no sections.
  public func lines() -> [String] {
    guard !sections.isEmpty else { return [] }
    let numberWidth = String(sections.count).count
    let topLevel = sections.map(\.level).min() ?? 1
    // " ▌ 3  " — a marker column, the number, two spaces.
    let prefixWidth = 3 + numberWidth + 2
    let titles = sections.map { SafeText.forTerminal($0.title) }

    var natural = 0
    for (index, section) in sections.enumerated() {
      let indent = 2 * (section.level - topLevel)
      let detail = section.detail.map { 2 + Cells.width(of: $0) } ?? 0
      natural = max(natural, prefixWidth + indent + Cells.width(of: titles[index]) + detail)
    }
    let barTitle = SafeText.forTerminal(copy.contentsTitle)
    let chevron = " " + copy.chevronDown
    let barNatural = 3 + Cells.width(of: barTitle) + 2 + Cells.width(of: barDetail)
    // Rows end where the bar's detail ends; the chevron stands past them.
    let rowWidth = min(max(natural, barNatural), max(maxWidth - Cells.width(of: chevron), 1))

    var lines: [String] = []
    for (index, section) in sections.enumerated() {
      let marker = index == currentIndex ? "▌" : " "
      let number =
        String(repeating: " ", count: numberWidth - String(section.number).count)
        + String(section.number)
      let indent = String(repeating: " ", count: 2 * (section.level - topLevel))
      let lead = " \(marker) \(number)  \(indent)"
      let detail = section.detail ?? ""
      let room =
        rowWidth - Cells.width(of: lead) - (detail.isEmpty ? 0 : 2 + Cells.width(of: detail))
      let title = Cells.truncate(titles[index], toWidth: max(room, 1))
      let row = lead + title
      lines.append(
        detail.isEmpty
          ? row : Cells.padded(row, toWidth: rowWidth - Cells.width(of: detail)) + detail)
    }
    let ring = Ring.glyph(for: readFraction)
    let barRoom = rowWidth - 3 - 2 - Cells.width(of: barDetail)
    let barLead = " \(ring) " + Cells.truncate(barTitle, toWidth: max(barRoom, 1))
    lines.append(
      Cells.padded(barLead, toWidth: rowWidth - Cells.width(of: barDetail)) + barDetail + chevron)
    return lines
  }
}
