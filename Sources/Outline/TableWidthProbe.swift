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

  /// The first delimiter row (`|---|:-:|`) with more than `limit` cells:
  /// its cells and its line (1-based, counted by line feeds); nil when none is.
  /// Only a line of at least `2 * limit` bytes can hold so many cells, so
  /// the rest are passed over by their length.
  static func firstWider(than limit: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (
    cells: Int, line: Int
  )? {
    guard let base = bytes.baseAddress, bytes.count > 2 * limit else { return nil }
    var start = 0
    var line = 1
    let count = bytes.count
    while start < count {
      let found = memchr(base + start, 0x0A, count - start)
      let end = found.map { UnsafePointer($0.assumingMemoryBound(to: UInt8.self)) - base } ?? count
      if end - start > 2 * limit, let cells = delimiterCells(bytes, start, end), cells > limit {
        return (cells, line)
      }
      start = end + 1
      line += 1
    }
    return nil
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
