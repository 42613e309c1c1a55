/// The byte scans JSON strings are read and written with: eight bytes
/// at a time while none of them needs a look, and then straight to the
/// first that does, so a long run of plain text costs a few instructions
/// a word.
///
/// Each test gives a mask with the high bit of every byte it flags (the
/// usual zero-byte test). Bits above a flagged byte may be flagged wrongly
/// (a borrow runs on), never those below it, so the lowest bit set is
/// always the first byte flagged.
enum JSONBytes {
  private static let ones: UInt64 = 0x0101_0101_0101_0101
  private static let highs: UInt64 = 0x8080_8080_8080_8080

  /// The bytes of `word` that are zero.
  @inline(__always) static func zeros(_ word: UInt64) -> UInt64 {
    (word &- ones) & ~word & highs
  }

  /// The bytes of `word` that are `byte`.
  @inline(__always) static func matches(_ word: UInt64, _ byte: UInt8) -> UInt64 {
    zeros(word ^ (ones &* UInt64(byte)))
  }

  /// The bytes of `word` under 0x20.
  @inline(__always) static func controls(_ word: UInt64) -> UInt64 {
    (word &- ones &* 0x20) & ~word & highs
  }

  /// The eight bytes at `index`, the first lowest.
  @inline(__always) static func word(_ text: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt64 {
    UInt64(littleEndian: UnsafeRawPointer(text.baseAddress! + index).loadUnaligned(as: UInt64.self))
  }

  /// The offset in its word of the first byte `mask` flags (not zero).
  @inline(__always) static func first(_ mask: UInt64) -> Int { mask.trailingZeroBitCount >> 3 }

  /// Where the run from `start` of bytes a JSON string holds as they are
  /// ends: at the first quote, backslash or control character, or at the
  /// end of `text`.
  static func plainEnd(_ text: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    var index = start
    let count = text.count
    while index + 8 <= count {
      let word = word(text, at: index)
      let mask = controls(word) | matches(word, 0x22) | matches(word, 0x5C)
      if mask != 0 { return index + first(mask) }
      index += 8
    }
    while index < count {
      let byte = text[index]
      if byte < 0x20 || byte == 0x22 || byte == 0x5C { return index }
      index += 1
    }
    return index
  }

  /// The bytes of `word` a writer looks at: control characters, quotes,
  /// backslashes, DEL and 0xE2 (which may start U+2028 or U+2029).
  @inline(__always) static func looked(_ word: UInt64) -> UInt64 {
    controls(word) | matches(word, 0x22) | matches(word, 0x5C) | matches(word, 0x7F)
      | matches(word, 0xE2)
  }

  /// True when `bytes` hold a byte a writer escapes, or U+2028 or U+2029
  /// (E2 80 A8, E2 80 A9).
  static func needsEscaping(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    // An index loop: a title may be megabytes long.
    var index = 0
    let count = bytes.count
    while index < count {
      let byte = bytes[index]
      if byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F { return true }
      if byte == 0xE2 && index + 2 < count && bytes[index + 1] == 0x80
        && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9)
      {
        return true
      }
      index += 1
    }
    return false
  }
}
