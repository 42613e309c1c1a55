/// A Markdown heading's content as written, read back from the bytes.
enum HeadingSource {
  /// The content of the heading on lines `first`…`last`: for an ATX heading
  /// the text after its `#` marks without a closing sequence; for a setext
  /// heading its text lines (not the underline), each without its indent,
  /// joined by `\n`.
  static func text(
    of bytes: UnsafeBufferPointer<UInt8>, lines: LineIndex, first: Int, last: Int
  ) -> String {
    func line(_ number: Int) -> ArraySlice<UInt8> {
      let start = lines.offset(ofLine: number)
      var end = min(lines.offset(ofLine: number + 1), bytes.count)
      while end > start, bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
      var slice = Array(UnsafeBufferPointer(rebasing: bytes[start..<max(start, end)]))[...]
      if start == 0, slice.starts(with: [0xEF, 0xBB, 0xBF]) { slice = slice.dropFirst(3) }
      return slice
    }
    let firstLine = line(first)
    if let hash = firstLine.firstIndex(of: 0x23),
      firstLine[..<hash].allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x3E })
    {
      var content = firstLine[hash...].drop { $0 == 0x23 }
      content = trimmed(content)
      // A closing sequence: `#`s after a space, at the end.
      var end = content.endIndex
      while end > content.startIndex, content[end - 1] == 0x23 { end -= 1 }
      if end < content.endIndex,
        end == content.startIndex || content[end - 1] == 0x20 || content[end - 1] == 0x09
      {
        content = content[..<end]
      }
      return String(decoding: trimmed(content), as: UTF8.self)
    }
    // The text lines run up to the underline (cmark's end line is not
    // relied on: in a piece it may count one line on).
    var textLines: [ArraySlice<UInt8>] = []
    for number in first...max(first, last) {
      let content = trimmed(line(number))
      let isUnderline =
        !content.isEmpty && (content.allSatisfy { $0 == 0x3D } || content.allSatisfy { $0 == 0x2D })
      if isUnderline && number > first { break }
      textLines.append(content)
    }
    return textLines.map { String(decoding: $0, as: UTF8.self) }.joined(separator: "\n")
  }

  private static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
    var slice = bytes
    while let first = slice.first, first == 0x20 || first == 0x09 { slice = slice.dropFirst() }
    while let last = slice.last, last == 0x20 || last == 0x09 { slice = slice.dropLast() }
    return slice
  }
}
