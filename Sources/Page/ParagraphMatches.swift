/// Where a search's text stands in one paragraph as laid out: the text of
/// its lines joined as it was before wrapping (what stood at each break put
/// back, the marks of the lines after the first left out), searched
/// whole, and each match handed back to the lines it is drawn on. A word
/// broken over two lines is found, and lit on both.
struct ParagraphMatches {
  /// The piece and query the matches were found for.
  let piece: Int
  let query: String
  /// The paragraph's rows in the piece.
  let rows: Range<Int>
  /// For each row, the characters of its line that a match covers.
  let lit: [[Range<Int>]]
  /// The rows a match starts on, in order.
  let starts: [Int]

  /// The rows of the paragraph that row `row` of `lines` stands in.
  static func paragraph(around row: Int, in lines: [PageLine]) -> Range<Int> {
    var first = row
    while first > 0 && lines[first - 1].continues != nil { first -= 1 }
    var last = row
    while last + 1 < lines.count && lines[last].continues != nil { last += 1 }
    return first..<last + 1
  }

  /// The matches of `query` in the paragraph `rows` of `lines`.
  init(_ query: String, in lines: [PageLine], rows: Range<Int>, piece: Int) {
    self.piece = piece
    self.query = query
    self.rows = rows
    // Each joined character's row and column in its line.
    var joined: [Character] = []
    var cells: [(row: Int, column: Int)?] = []
    for row in rows {
      let characters = lines[row].characters
      let lead = row == rows.lowerBound ? 0 : min(lines[row].lead, characters.count)
      for column in lead..<characters.count {
        joined.append(characters[column])
        cells.append((row - rows.lowerBound, column))
      }
      if row + 1 < rows.upperBound, let standing = lines[row].continues {
        for character in standing {
          joined.append(character)
          cells.append(nil)
        }
      }
    }
    var lit = Array(repeating: [Range<Int>](), count: rows.count)
    var starts: [Int] = []
    for match in Search.ranges(of: query, in: joined) {
      var first: Int? = nil
      for index in match {
        guard let cell = cells[index] else { continue }
        if first == nil { first = cell.row }
        if let last = lit[cell.row].last, last.upperBound == cell.column {
          lit[cell.row][lit[cell.row].count - 1] = last.lowerBound..<cell.column + 1
        } else {
          lit[cell.row].append(cell.column..<cell.column + 1)
        }
      }
      if let first, starts.last != rows.lowerBound + first {
        starts.append(rows.lowerBound + first)
      }
    }
    self.lit = lit
    self.starts = starts
  }
}
