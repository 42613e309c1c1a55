/// The byte scans JSON strings are read and written with: eight bytes
/// at a time while none of them needs a look, so a long run of plain
/// text costs a few instructions a word.
enum JSONBytes {
  private static let ones: UInt64 = 0x0101_0101_0101_0101
  private static let highs: UInt64 = 0x8080_8080_8080_8080

  /// True when a byte of `word` is zero (the usual test: a byte whose
  /// high bit borrowing sets).
  @inline(__always) static func hasZero(_ word: UInt64) -> Bool {
    (word &- ones) & ~word & highs != 0
  }

  /// True when a byte of `word` is `byte`.
  @inline(__always) static func has(_ word: UInt64, _ byte: UInt8) -> Bool {
    hasZero(word ^ (ones &* UInt64(byte)))
  }

  /// True when a byte of `word` is under 0x20.
  @inline(__always) static func hasControl(_ word: UInt64) -> Bool {
    (word &- ones &* 0x20) & ~word & highs != 0
  }

  /// The eight bytes at `index`.
  @inline(__always) static func word(_ text: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt64 {
    UInt64(littleEndian: UnsafeRawPointer(text.baseAddress! + index).loadUnaligned(as: UInt64.self))
  }

  /// Where the run from `start` of bytes a JSON string holds as they are
  /// ends: at the first quote, backslash or control character, or at the
  /// end of `text`.
  static func plainEnd(_ text: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    var index = start
    let count = text.count
    while index + 8 <= count {
      let word = word(text, at: index)
      if hasControl(word) || has(word, 0x22) || has(word, 0x5C) { break }
      index += 8
    }
    while index < count {
      let byte = text[index]
      if byte < 0x20 || byte == 0x22 || byte == 0x5C { return index }
      index += 1
    }
    return index
  }

  /// True when none of the eight bytes of `word` is a control
  /// character, a quote, a backslash, DEL or 0xE2 (which may start
  /// U+2028 or U+2029): a writer copies them as they are.
  @inline(__always) static func writesAsIs(_ word: UInt64) -> Bool {
    !hasControl(word) && !has(word, 0x22) && !has(word, 0x5C) && !has(word, 0x7F)
      && !has(word, 0xE2)
  }
}
