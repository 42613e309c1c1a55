/// A fenced code block inside a block that is cut as prose (a list item,
/// a quote): its opening line as written, after indentation, `>` and a
/// list marker; the fence that closes it, indented as the opening one.
struct NestedFence {
  /// The opening fence's line.
  var open: Range<Int>
  /// A closing fence for a part that ends inside it.
  var close: [UInt8]
  /// Where its closing fence's line starts (where it ends when unclosed).
  var closeStart: Int
  /// Where it ends: after its closing fence's line.
  var end: Int

  /// The first fenced code block in `range` of `text`.
  static func first(in text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> NestedFence? {
    let lines = TextLines.lines(text, range)
    for (index, line) in lines.enumerated() {
      let lineEnd = TextLines.lineEnd(text, from: line, end: range.upperBound)
      guard let (at, fence, length) = fenceStart(text, line..<lineEnd),
        fence == 0x7E || !(at + length..<lineEnd).contains(where: { text[$0] == 0x60 })
      else { continue }
      // The quote markers and indentation as written, a list marker as spaces.
      var close = (line..<at).map { [0x3E, 0x09].contains(text[$0]) ? text[$0] : UInt8(0x20) }
      close += Array(repeating: fence, count: length)
      close.append(0x0A)
      for later in lines[(index + 1)...] {
        let laterEnd = TextLines.lineEnd(text, from: later, end: range.upperBound)
        if let (start, char, run) = fenceStart(text, later..<laterEnd), char == fence, run >= length,
          (start + run..<laterEnd).allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains(text[$0]) })
        {
          return NestedFence(open: line..<lineEnd, close: close, closeStart: later, end: laterEnd)
        }
      }
      return NestedFence(
        open: line..<lineEnd, close: close, closeStart: range.upperBound, end: range.upperBound)
    }
    return nil
  }

  /// Where a fence of three or more backticks or tildes starts on `line`,
  /// after spaces, `>` and a list marker, its character and length.
  private static func fenceStart(_ text: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> (
    Int, UInt8, Int
  )? {
    var at = line.lowerBound
    while at < line.upperBound, [0x20, 0x09, 0x3E].contains(text[at]) { at += 1 }
    var digits = at
    while digits < line.upperBound, (0x30...0x39).contains(text[digits]) { digits += 1 }
    if digits + 1 < line.upperBound, text[digits + 1] == 0x20,
      (digits > at && [0x2E, 0x29].contains(text[digits]))
        || (digits == at && [0x2D, 0x2A, 0x2B].contains(text[at]))
    {
      at = digits + 1
      while at < line.upperBound, text[at] == 0x20 { at += 1 }
    }
    guard at < line.upperBound, text[at] == 0x60 || text[at] == 0x7E else { return nil }
    var length = 0
    while at + length < line.upperBound, text[at + length] == text[at] { length += 1 }
    return length >= 3 ? (at, text[at], length) : nil
  }
}
