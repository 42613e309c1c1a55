/// Where each line of a stretch of bytes starts, to turn cmark's line and
/// column (1-based, in bytes) into byte offsets. Lines end at `\n`, `\r\n`
/// or a lone `\r`, as cmark counts them.
struct SourceLines {
  /// The offset of each line's first byte, within the stretch.
  let starts: [Int]
  /// The stretch's size.
  let size: Int

  init(_ bytes: [UInt8]) {
    var starts = [0]
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      if byte == 0x0D && index < bytes.count && bytes[index] == 0x0A { index += 1 }
      if (byte == 0x0A || byte == 0x0D) && index < bytes.count { starts.append(index) }
    }
    self.starts = starts
    size = bytes.count
  }

  /// The offset of 1-based `line`, clamped to the stretch.
  func start(ofLine line: Int) -> Int {
    if line < 1 { return 0 }
    return line <= starts.count ? starts[line - 1] : size
  }

  /// The offset of `column` (1-based, bytes) on `line`.
  func offset(line: Int, column: Int) -> Int {
    min(start(ofLine: line) + max(column - 1, 0), size)
  }

  /// The offset just past `line`'s last byte, its line ending included.
  func end(ofLine line: Int) -> Int { start(ofLine: line + 1) }

  /// The start of the line holding `offset`.
  func lineStart(at offset: Int) -> Int {
    starts[max(starts.countAtOrBefore(offset) { $0 } - 1, 0)]
  }

  /// Just past the line holding `offset`: where the next one starts.
  func lineEnd(at offset: Int) -> Int {
    let index = starts.countAtOrBefore(offset) { $0 }
    return index < starts.count ? starts[index] : size
  }
}
