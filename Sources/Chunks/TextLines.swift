/// Lines, blank lines, sentences and words of a text's bytes: where a
/// block too long for one part may be cut.
enum TextLines {
  /// Where the line that holds `index` ends: after its line feed, or at `end`.
  static func lineEnd(_ text: UnsafeBufferPointer<UInt8>, from index: Int, end: Int) -> Int {
    var at = index
    while at < end, text[at] != 0x0A { at += 1 }
    return min(at + 1, end)
  }

  /// The starts of the lines of `range`, its own start first.
  static func lines(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> [Int] {
    var starts: [Int] = []
    var at = range.lowerBound
    while at < range.upperBound {
      starts.append(at)
      at = lineEnd(text, from: at, end: range.upperBound)
    }
    return starts
  }

  /// True for a line of spaces and tabs alone.
  static func isBlank(_ text: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> Bool {
    line.allSatisfy { [0x20, 0x09, 0x0A, 0x0D].contains(text[$0]) }
  }

  /// The starts of the paragraphs of `range`: after each run of blank lines.
  static func paragraphs(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> [Int] {
    var starts = [range.lowerBound]
    var blank = false
    for line in lines(text, range) {
      let isBlank = isBlank(text, line..<lineEnd(text, from: line, end: range.upperBound))
      if blank && !isBlank && line > range.lowerBound { starts.append(line) }
      blank = isBlank
    }
    return starts
  }

  /// The starts of the sentences of `range`: after `.`, `!` or `?` (and
  /// any closing quotes or brackets) and the spaces that follow.
  static func sentences(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> [Int] {
    var starts = [range.lowerBound]
    var at = range.lowerBound
    while at < range.upperBound {
      let byte = text[at]
      at += 1
      guard byte == 0x2E || byte == 0x21 || byte == 0x3F else { continue }
      while at < range.upperBound, [0x22, 0x27, 0x29, 0x5D].contains(text[at]) { at += 1 }
      let spaceStart = at
      while at < range.upperBound, [0x20, 0x09, 0x0A, 0x0D].contains(text[at]) { at += 1 }
      if at > spaceStart, at < range.upperBound { starts.append(at) }
    }
    return starts
  }

  /// The starts of the words of `range`: after each run of spaces.
  static func words(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> [Int] {
    var starts = [range.lowerBound]
    var space = false
    for at in range {
      let isSpace = [0x20, 0x09, 0x0A, 0x0D].contains(text[at])
      if space && !isSpace { starts.append(at) }
      space = isSpace
    }
    return starts
  }
}
