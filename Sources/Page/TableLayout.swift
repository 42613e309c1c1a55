import Cells

/// A GitHub table: columns as wide as their widest cell (a cell wider
/// than the whole page cut with `…`), a rule under the header. A table
/// wider than the page is not narrowed: its rows scroll sideways.
struct TableLayout {
  struct Row {
    var header: Bool
    var start: Int
    var cells: [[Run]] = []
  }

  var rows: [Row] = []

  mutating func startRow(header: Bool, at start: Int) {
    rows.append(Row(header: header, start: start))
  }

  mutating func addCell(_ runs: [Run]) {
    guard !rows.isEmpty else { return }
    rows[rows.count - 1].cells.append(runs)
  }

  func lines(
    width: Int, first: [Run], rest: [Run], base: Int, bytes: Range<Int>, glyphs: PageGlyphs
  ) -> [PageLine] {
    let columns = rows.map(\.cells.count).max() ?? 0
    guard columns > 0 else { return [] }
    let room = max(width - Wrapper.width(of: rest), 1)
    let texts = rows.map { row in
      (0..<columns).map { index in
        index < row.cells.count ? Self.plain(row.cells[index]) : ""
      }
    }
    let widths = (0..<columns).map { column in
      min(max(texts.map { Cells.width(of: $0[column]) }.max() ?? 0, 1), room)
    }
    var result: [PageLine] = []
    for (index, row) in rows.enumerated() {
      let start = base + row.start
      let end = index + 1 < rows.count ? base + rows[index + 1].start : base + bytes.upperBound
      var runs = result.isEmpty ? first : rest
      for column in 0..<columns {
        if column > 0 { runs.append(Run(glyphs.column, style: .faint)) }
        let cell = Cells.truncate(
          texts[index][column], toWidth: widths[column], ellipsis: glyphs.ellipsis)
        let padded = Cells.padded(cell, toWidth: widths[column])
        let sourceCell = column < row.cells.count ? row.cells[column] : []
        runs.append(
          Run(
            padded, style: row.header ? .bold : sourceCell.first?.style ?? [],
            link: sourceCell.first?.link, offset: sourceCell.first?.offset))
      }
      let marks = CodeFrame.count(result.isEmpty ? first : rest)
      result.append(
        PageLine(runs: runs, bytes: start..<max(end, start), lead: marks, sideways: true))
      if row.header {
        let rule = widths.map { glyphs.line($0) }.joined(separator: glyphs.cross)
        result.append(
          PageLine(
            runs: rest + [Run(rule, style: .faint)], bytes: max(end, start)..<max(end, start),
            lead: CodeFrame.count(rest), sideways: true))
      }
    }
    return result
  }

  /// A cell's text, line breaks as spaces.
  static func plain(_ runs: [Run]) -> String {
    runs.map(\.text).joined().map { $0 == "\n" ? " " : $0 }.reduce(into: "") { $0.append($1) }
  }
}
