/// Tokens counted without a tokenizer, in one pass over the bytes (no
/// character is decoded): the text cut into pieces as cl100k_base's
/// pattern cuts it, read a byte at a time with every byte past ASCII
/// taken for a letter, and each piece given tokens by its length.
///
/// - A word (letters, with the space or sign before it): a token for
///   every 9 units begun, an ASCII byte weighing 1, a character of two
///   bytes (Latin accents, Greek, Cyrillic, Hebrew, Arabic) 4, a longer
///   one (CJK, kana, Hangul, the Indic scripts, emoji) 9.
/// - Digits: a token for every 3.
/// - Signs (with the space before them): a token for every 2 bytes
///   begun, the line breaks after them going with the last.
/// - White space: a token a run, cut before the last space of a run
///   that a word follows and after the last line break of a run.
///
/// On ../shared/corpus it is within about 8% of cl100k_base's count for
/// a section, on the mean (doc/show.md has the figures). The estimate of
/// a text is never more than the estimates of its parts added when each
/// part but the last ends with a line break, so such parts each within a
/// budget join within it (llms-full.txt's parts are made so).
enum TokenEstimate {
  /// What a byte is to the pieces.
  private static let letter: UInt8 = 1
  private static let digit: UInt8 = 2
  private static let space: UInt8 = 3
  private static let newline: UInt8 = 4
  private static let sign: UInt8 = 5

  /// Each byte's class in its low bits, its weight in a word above
  /// them (`weightShift`).
  private static let table: [UInt8] = (0...255).map {
    classOf(UInt8($0)) | weightOf(UInt8($0)) << weightShift
  }
  private static let weightShift: UInt8 = 3
  private static let classMask: UInt8 = 7

  private static func classOf(_ byte: UInt8) -> UInt8 {
    switch byte {
    case 0x41...0x5A, 0x61...0x7A, 0x80...0xFF: return letter
    case 0x30...0x39: return digit
    case 0x20, 0x09, 0x0B, 0x0C: return space
    case 0x0A, 0x0D: return newline
    default: return sign
    }
  }

  private static func weightOf(_ byte: UInt8) -> UInt8 {
    switch byte {
    case 0..<0x80: return 1
    case 0x80..<0xC0: return 0
    case 0xC0..<0xE0: return 4
    default: return 9
    }
  }

  /// The units a token of a word holds.
  private static let wordToken = 9

  /// The text and its bytes' table entries, read without a bounds check
  /// or a look at whether the table is made yet, in the inner loops.
  private struct Reading {
    let bytes: UnsafeBufferPointer<UInt8>
    let table: UnsafePointer<UInt8>

    @inline(__always) func kind(_ i: Int) -> UInt8 { table[Int(bytes[i])] & classMask }
    @inline(__always) func weight(_ i: Int) -> Int { Int(table[Int(bytes[i])] >> weightShift) }
  }

  /// The estimated tokens of `bytes`; where each ends is appended to
  /// `ends` when it is not nil.
  static func tokens(_ bytes: UnsafeBufferPointer<UInt8>, ends: inout [Int]?) -> Int {
    table.withUnsafeBufferPointer { table in
      tokens(Reading(bytes: bytes, table: table.baseAddress!), ends: &ends)
    }
  }

  private static func tokens(_ text: Reading, ends: inout [Int]?) -> Int {
    let bytes = text.bytes
    let count = bytes.count
    var total = 0
    var i = 0
    while i < count {
      let own = text.kind(i)
      let next = i + 1 < count ? text.kind(i + 1) : 0
      if own == letter || (own != digit && own != newline && next == letter) {
        let (end, ascii) = letters(text, at: i, from: own == letter ? i : i + 1)
        // An ASCII word's units are its bytes, each a character's end.
        total +=
          ascii && ends == nil
          ? (end - i + wordToken - 1) / wordToken : word(text, i..<end, ends: &ends)
        i = end
      } else if own == digit {
        let end = run(text, from: i, of: digit, limit: 3)
        total += 1
        ends?.append(end)
        i = end
      } else if own == sign || (bytes[i] == 0x20 && next == sign) {
        let end = run(text, from: own == sign ? i : i + 1, of: sign)
        let breaks = run(text, from: end, of: newline)
        total += signs(i..<end, through: breaks, ends: &ends)
        i = breaks
      } else {
        let end = spaceEnd(text, at: i)
        total += 1
        ends?.append(end)
        i = end
      }
    }
    return total
  }

  /// Where a run of bytes of class `wanted` from `start` ends (at most
  /// `limit` long).
  @inline(__always) private static func run(
    _ text: Reading, from start: Int, of wanted: UInt8, limit: Int = .max
  ) -> Int {
    var end = start
    let stop = limit == .max ? text.bytes.count : min(text.bytes.count, start + limit)
    while end < stop, text.kind(end) == wanted { end += 1 }
    return end
  }

  /// Where a run of letters from `start` ends, and whether the word
  /// from `i` (`start` or the byte before it) to there is all ASCII.
  @inline(__always) private static func letters(
    _ text: Reading, at i: Int, from start: Int
  ) -> (Int, Bool) {
    var end = start
    var high = text.bytes[i]
    while end < text.bytes.count, text.kind(end) == letter {
      high |= text.bytes[end]
      end += 1
    }
    return (end, high < 0x80)
  }

  /// A word's tokens: one ends each time its units reach `wordToken` (at
  /// a character's end), and one more for what is left.
  @inline(__always) private static func word(
    _ text: Reading, _ range: Range<Int>, ends: inout [Int]?
  ) -> Int {
    let bytes = text.bytes
    var units = 0
    var tokens = 0
    for index in range {
      units += text.weight(index)
      // Under a token's units no end is looked for.
      guard units >= wordToken else { continue }
      let atEnd = index + 1 == range.upperBound || bytes[index + 1] & 0xC0 != 0x80
      if atEnd {
        units -= wordToken
        tokens += 1
        ends?.append(index + 1)
      }
    }
    if units > 0 || tokens == 0 {
      tokens += 1
      ends?.append(range.upperBound)
    }
    return tokens
  }

  /// Signs' tokens: one every 2 bytes begun, the line breaks after them
  /// (up to `end`) going with the last.
  @inline(__always) private static func signs(
    _ range: Range<Int>, through end: Int, ends: inout [Int]?
  ) -> Int {
    if ends != nil {
      for end in stride(from: range.lowerBound + 2, to: range.upperBound, by: 2) {
        ends!.append(end)
      }
      ends!.append(end)
    }
    return (range.count + 1) / 2
  }

  /// Whether `bytes` can be cut at `offset` with the estimate of the whole
  /// equal to the estimates of the two sides added: at the text's ends, or
  /// where a line break ends and its line holds more than white space
  /// (as a heading's line does). No piece reaches across such a cut: a
  /// word, a number or a sign holds no line break before it, the line
  /// breaks after signs stop at the line's first byte, and white space is
  /// cut after its last line break, which comes before the cut.
  static func cutsCleanly(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool {
    guard offset > 0, offset < bytes.count else { return true }
    guard classOf(bytes[offset - 1]) == newline else { return false }
    var index = offset
    while index < bytes.count, classOf(bytes[index]) == space { index += 1 }
    return index == bytes.count || classOf(bytes[index]) != newline
  }

  /// The end of a white space piece at `i`: up to the last line break of
  /// the run; else all of it at the text's end; else all but its last
  /// space (which goes with what follows), or one space.
  @inline(__always) private static func spaceEnd(_ text: Reading, at i: Int) -> Int {
    let count = text.bytes.count
    var end = i
    var lastBreak = -1
    while end < count {
      let kind = text.kind(end)
      guard kind == space || kind == newline else { break }
      if kind == newline { lastBreak = end }
      end += 1
    }
    if lastBreak >= 0 { return lastBreak + 1 }
    if end == count { return end }
    return end - i >= 2 ? end - 1 : i + 1
  }
}
