/// The hash of a record's embed: 128 bits as 32 hex digits, the same for
/// the same bytes in every run, version and machine, so a pipeline that
/// kept the last run's hashes knows what to embed again. Not for secrets:
/// two texts made to collide can.
public enum ContentHash {
  /// The hash of `bytes`.
  public static func of(_ bytes: [UInt8]) -> String {
    var first: UInt64 = 0x9E37_79B9_7F4A_7C15
    var second: UInt64 = 0xC2B2_AE3D_27D4_EB4F ^ UInt64(bytes.count)
    bytes.withUnsafeBytes { raw in
      var at = 0
      while at + 8 <= raw.count {
        let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: UInt64.self))
        first = rotate((first ^ word) &* 0x87C3_7B91_1142_53D5, 31)
        second = rotate((second ^ word) &* 0x4CF5_AD43_2745_937F, 29) &+ first
        at += 8
      }
      var tail: UInt64 = 0
      for index in at..<raw.count { tail |= UInt64(raw[index]) << UInt64(8 * (index - at)) }
      first = rotate((first ^ tail) &* 0x87C3_7B91_1142_53D5, 31)
      second = rotate((second ^ tail) &* 0x4CF5_AD43_2745_937F, 29) &+ first
    }
    let words = (mix(first ^ second), mix(second &+ first))
    return String(unsafeUninitializedCapacity: 32) { text in
      hex(words.0, into: UnsafeMutableBufferPointer(rebasing: text[0..<16]))
      hex(words.1, into: UnsafeMutableBufferPointer(rebasing: text[16..<32]))
      return 32
    }
  }

  private static func rotate(_ value: UInt64, _ by: UInt64) -> UInt64 {
    value << by | value >> (64 - by)
  }

  /// MurmurHash3's finalizer.
  private static func mix(_ value: UInt64) -> UInt64 {
    var mixed = value
    mixed ^= mixed >> 33
    mixed = mixed &* 0xFF51_AFD7_ED55_8CCD
    mixed ^= mixed >> 33
    mixed = mixed &* 0xC4CE_B9FE_1A85_EC53
    return mixed ^ mixed >> 33
  }

  /// `value` as 16 lowercase hex digits, leading zeros and all.
  private static func hex(_ value: UInt64, into digits: UnsafeMutableBufferPointer<UInt8>) {
    for index in 0..<16 {
      let nibble = UInt8(truncatingIfNeeded: value >> UInt64(60 - 4 * index)) & 0xF
      digits[index] = nibble < 10 ? 0x30 + nibble : 0x57 + nibble
    }
  }
}
