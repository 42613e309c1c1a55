/// What a top-level block is, as far as cutting it needs: a fenced code
/// block (cut between lines, its fence closed and opened again), a table
/// (cut between rows, its header and delimiter rows repeated), lines
/// (indented code, cut between lines) or prose (paragraphs, sentences,
/// words). Read from the block's bytes: the parser said where it starts.
enum BlockShape {
  case prose
  case lines
  /// `open` is the opening fence's line as written, `close` a fence that
  /// closes it; the code runs from `contentStart` to `closeStart` (the
  /// block's end when the fence is never closed).
  case code(open: Range<Int>, close: [UInt8], contentStart: Int, closeStart: Int)
  /// `header` is the header and delimiter rows.
  case table(header: Range<Int>)

  /// The shape of the block `range` of `text`.
  static func of(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> BlockShape {
    let start = range.lowerBound
    let firstEnd = TextLines.lineEnd(text, from: start, end: range.upperBound)
    var at = start
    while at < firstEnd, at - start < 3, text[at] == 0x20 { at += 1 }
    if at < firstEnd, text[at] == 0x60 || text[at] == 0x7E {
      let fence = text[at]
      var length = 0
      while at + length < firstEnd, text[at + length] == fence { length += 1 }
      let info = (at + length)..<firstEnd
      if length >= 3, fence == 0x7E || !info.contains(where: { text[$0] == 0x60 }) {
        let close = closing(text, fence: fence, length: length, from: firstEnd, end: range.upperBound)
        return .code(
          open: start..<firstEnd, close: Array(repeating: fence, count: length) + [0x0A],
          contentStart: firstEnd, closeStart: close ?? range.upperBound)
      }
    }
    if text[start] == 0x09 || (firstEnd - start > 4 && (0..<4).allSatisfy { text[start + $0] == 0x20 })
    {
      return .lines
    }
    let secondEnd = TextLines.lineEnd(text, from: firstEnd, end: range.upperBound)
    if (start..<firstEnd).contains(where: { text[$0] == 0x7C }), secondEnd > firstEnd,
      isDelimiterRow(text, firstEnd..<secondEnd)
    {
      return .table(header: start..<secondEnd)
    }
    return .prose
  }

  /// Where the fence that closes one of `length` `fence`s starts.
  private static func closing(
    _ text: UnsafeBufferPointer<UInt8>, fence: UInt8, length: Int, from: Int, end: Int
  ) -> Int? {
    for line in TextLines.lines(text, from..<end) {
      let lineEnd = TextLines.lineEnd(text, from: line, end: end)
      var at = line
      while at < lineEnd, at - line < 3, text[at] == 0x20 { at += 1 }
      var run = 0
      while at < lineEnd, text[at] == fence {
        run += 1
        at += 1
      }
      if run >= length, (at..<lineEnd).allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains(text[$0]) }) {
        return line
      }
    }
    return nil
  }

  /// A table's delimiter row: `|`, `:`, `-` and spaces, with a `-`.
  private static func isDelimiterRow(_ text: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> Bool
  {
    line.contains { text[$0] == 0x2D }
      && line.allSatisfy { [0x7C, 0x3A, 0x2D, 0x20, 0x09, 0x0A, 0x0D].contains(text[$0]) }
  }
}
