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

  /// Each byte's class, and each byte's weight in a word.
  private static let classes: [UInt8] = (0...255).map { classOf(UInt8($0)) }
  private static let weights: [UInt8] = (0...255).map { weightOf(UInt8($0)) }

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

  /// The estimated tokens of `bytes`; where each ends is appended to
  /// `ends` when it is not nil.
  static func tokens(_ bytes: UnsafeBufferPointer<UInt8>, ends: inout [Int]?) -> Int {
    let count = bytes.count
    var total = 0
    var i = 0
    while i < count {
      let own = classes[Int(bytes[i])]
      let next = i + 1 < count ? classes[Int(bytes[i + 1])] : 0
      if own == letter || (own != digit && own != newline && next == letter) {
        let end = run(bytes, from: own == letter ? i : i + 1, of: letter)
        total += word(bytes, i..<end, ends: &ends)
        i = end
      } else if own == digit {
        let end = run(bytes, from: i, of: digit, limit: 3)
        total += 1
        ends?.append(end)
        i = end
      } else if own == sign || (bytes[i] == 0x20 && next == sign) {
        let end = run(bytes, from: own == sign ? i : i + 1, of: sign)
        let breaks = run(bytes, from: end, of: newline)
        total += signs(i..<end, through: breaks, ends: &ends)
        i = breaks
      } else {
        let end = spaceEnd(bytes, at: i)
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
    _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, of wanted: UInt8, limit: Int = .max
  ) -> Int {
    var end = start
    let stop = limit == .max ? bytes.count : min(bytes.count, start + limit)
    while end < stop, classes[Int(bytes[end])] == wanted { end += 1 }
    return end
  }

  /// A word's tokens: one ends each time its units reach `wordToken` (at
  /// a character's end), and one more for what is left.
  private static func word(
    _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, ends: inout [Int]?
  ) -> Int {
    var units = 0
    var tokens = 0
    for index in range {
      units += Int(weights[Int(bytes[index])])
      let atEnd = index + 1 == range.upperBound || bytes[index + 1] & 0xC0 != 0x80
      if units >= wordToken && atEnd {
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
  private static func signs(_ range: Range<Int>, through end: Int, ends: inout [Int]?) -> Int {
    if ends != nil {
      for end in stride(from: range.lowerBound + 2, to: range.upperBound, by: 2) {
        ends!.append(end)
      }
      ends!.append(end)
    }
    return (range.count + 1) / 2
  }

  /// The end of a white space piece at `i`: up to the last line break of
  /// the run; else all of it at the text's end; else all but its last
  /// space (which goes with what follows), or one space.
  private static func spaceEnd(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> Int {
    var end = i
    var lastBreak = -1
    while end < bytes.count {
      let kind = classes[Int(bytes[end])]
      guard kind == space || kind == newline else { break }
      if kind == newline { lastBreak = end }
      end += 1
    }
    if lastBreak >= 0 { return lastBreak + 1 }
    if end == bytes.count { return end }
    return end - i >= 2 ? end - 1 : i + 1
  }
}
