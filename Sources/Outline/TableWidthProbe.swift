#if canImport(Glibc)
  import Glibc
#endif

/// The widest GFM table delimiter row in Markdown bytes, looked for before
/// cmark-gfm is given them: its table extension takes time in the square
/// of a row's cells (a 4 MB table 20,000 columns wide, over a minute), so
/// a row wider than the limit is refused first, in one pass over the lines.
enum TableWidthProbe {
  /// Throws `tooWide` when `bytes` hold a delimiter row of more than
  /// `limit` cells.
  static func refuse(_ bytes: UnsafeBufferPointer<UInt8>, limit: Int) throws(OutlineError) {
    if let wide = firstWider(than: limit, in: bytes) {
      throw .tooWide(columns: wide.cells, line: wide.line, limit: limit)
    }
  }

  /// The first table row with more than `limit` cells: a delimiter row
  /// (`|---|:-:|`) so wide, or a row of a table (after a delimiter row,
  /// before the next blank line) with more unescaped pipes; rows in
  /// quotes and list items are read after their markers. Its cells and
  /// its line (1-based, counted by line feeds); nil when none is. Only a
  /// line of more than `limit` bytes can hold so many cells, so the rest
  /// are only looked at for whether they open or end a table.
  static func firstWider(than limit: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (
    cells: Int, line: Int
  )? {
    guard let base = bytes.baseAddress, bytes.count > limit else { return nil }
    var start = 0
    var line = 1
    var inTable = false
    let count = bytes.count
    while start < count {
      let found = memchr(base + start, 0x0A, count - start)
      let end = found.map { UnsafePointer($0.assumingMemoryBound(to: UInt8.self)) - base } ?? count
      let body = afterMarkers(bytes, start, end)
      if body == end {
        inTable = false
      } else if let cells = delimiterCells(bytes, body, end) {
        if cells > limit { return (cells, line) }
        inTable = true
      } else if inTable, end - body > limit {
        let cells = rowCells(bytes, body, end)
        if cells > limit { return (cells, line) }
      }
      start = end + 1
      line += 1
    }
    return nil
  }

  /// Where a line's text starts after the markers of the quotes and list
  /// items it stands in (`>`, `-`, `*`, `+`, blanks): a row of a table in
  /// a quote is a row all the same.
  private static func afterMarkers(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int)
    -> Int
  {
    var index = start
    while index < end {
      let byte = bytes[index]
      if byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x3E {
        index += 1
      } else if byte == 0x2D || byte == 0x2A || byte == 0x2B, index + 1 < end,
        bytes[index + 1] == 0x20
      {
        index += 2
      } else {
        return index
      }
    }
    return index
  }

  /// The cells of a table row on `start..<end`, as its unescaped pipes
  /// bound them (a leading and a trailing pipe bound none).
  private static func rowCells(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int)
    -> Int
  {
    var pipes = 0
    var escaped = false
    var last = end
    while last > start, [0x20, 0x09, 0x0D].contains(bytes[last - 1]) { last -= 1 }
    for index in start..<last {
      let byte = bytes[index]
      if byte == 0x7C && !escaped { pipes += 1 }
      escaped = byte == 0x5C && !escaped
    }
    guard last > start else { return 0 }
    let closed = bytes[last - 1] == 0x7C && (last - 2 < start || bytes[last - 2] != 0x5C)
    return pipes + 1 - (bytes[start] == 0x7C ? 1 : 0) - (closed && last - 1 > start ? 1 : 0)
  }

  /// The cells of a delimiter row on `start..<end`, counted by its pipes,
  /// or nil when the line holds anything but pipes, dashes, colons and
  /// blanks (then it is no delimiter row, and no table follows it).
  private static func delimiterCells(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int)
    -> Int?
  {
    var pipes = 0
    var dashes = false
    var first: UInt8? = nil
    var last: UInt8? = nil
    for index in start..<end {
      switch bytes[index] {
      case 0x7C: pipes += 1
      case 0x2D: dashes = true
      case 0x3A, 0x20, 0x09, 0x0D: break
      default: return nil
      }
      if bytes[index] != 0x20 && bytes[index] != 0x09 && bytes[index] != 0x0D {
        if first == nil { first = bytes[index] }
        last = bytes[index]
      }
    }
    guard dashes, pipes > 0 else { return nil }
    // Cells lie between pipes; a leading or trailing pipe opens or closes
    // the row and bounds none.
    return pipes + 1 - (first == 0x7C ? 1 : 0) - (last == 0x7C ? 1 : 0)
  }
}
