import Outline

/// A document's bytes with their lines, turning byte offsets into the
/// protocol's positions (0-based lines, UTF-16 units) and back. The lines
/// are Outline's `LineIndex`; this adds only the protocol's units.
///
/// Lines end where cmark and the protocol end them: `\n`, `\r\n` or `\r`.
/// A byte that starts no UTF-8 character counts as one unit, as the
/// U+FFFD an editor shows for it does.
public struct TextLines: Sendable {
  /// The text, as UTF-8 bytes.
  public let bytes: [UInt8]
  /// Where each line starts.
  public let lines: LineIndex

  /// The lines of `bytes`.
  public init(_ bytes: [UInt8]) {
    self.bytes = bytes
    self.lines = LineIndex(bytes)
  }

  /// `bytes` with their lines, known already.
  public init(_ bytes: [UInt8], lines: LineIndex) {
    self.bytes = bytes
    self.lines = lines
  }

  /// The offset where 0-based `line` starts; the end for a line past the last.
  public func start(ofLine line: Int) -> Int { lines.offset(ofLine: line + 1) }

  /// The offset where `line`'s text ends, before its line ending.
  public func end(ofLine line: Int) -> Int { lines.textEnd(ofLine: line + 1, in: bytes) }

  /// The byte offset of `position`; a character past the line's end is
  /// its end, as the protocol asks.
  public func offset(of position: TextPosition) -> Int {
    var offset = start(ofLine: position.line)
    let end = end(ofLine: position.line)
    var units = 0
    while offset < end && units < position.character {
      let (length, width) = Self.character(bytes, at: offset, before: end)
      if units + width > position.character { break }
      units += width
      offset += length
    }
    return offset
  }

  /// The position of byte `offset`.
  public func position(of offset: Int) -> TextPosition {
    let clamped = min(max(offset, 0), bytes.count)
    if clamped == bytes.count, lines.lineCount > 0, isLineEnding(bytes.count - 1) {
      return TextPosition(line: lines.lineCount, character: 0)
    }
    let line = lines.line(ofOffset: clamped) - 1
    var index = start(ofLine: line)
    var units = 0
    while index < clamped {
      let (length, width) = Self.character(bytes, at: index, before: bytes.count)
      units += width
      index += length
    }
    return TextPosition(line: line, character: units)
  }

  /// The range of bytes `range`.
  public func range(of range: Range<Int>) -> TextRange {
    TextRange(start: position(of: range.lowerBound), end: position(of: range.upperBound))
  }

  /// The byte range of `range`.
  public func offsets(of range: TextRange) -> Range<Int> {
    let start = offset(of: range.start)
    return start..<max(start, offset(of: range.end))
  }

  private func isLineEnding(_ index: Int) -> Bool {
    bytes[index] == 0x0A || bytes[index] == 0x0D
  }

  /// The UTF-8 length of the character at `index` and its UTF-16 width.
  public static func character(_ bytes: [UInt8], at index: Int, before end: Int) -> (Int, Int) {
    let lead = bytes[index]
    let length: Int
    switch lead {
    case 0..<0x80: return (1, 1)
    case 0xC2...0xDF: length = 2
    case 0xE0...0xEF: length = 3
    case 0xF0...0xF4: length = 4
    default: return (1, 1)
    }
    guard index + length <= end else { return (1, 1) }
    for next in 1..<length where bytes[index + next] & 0xC0 != 0x80 { return (1, 1) }
    return (length, length == 4 ? 2 : 1)
  }
}
