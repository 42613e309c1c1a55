import CUtf8proc

/// What a pre-split pattern asks of a character, as bits: the Unicode
/// general category's group (utf8proc's), White_Space, and the line
/// breaks the patterns name. A table for the Basic Multilingual Plane,
/// utf8proc beyond it.
enum ScalarClass {
  /// Lu and Lt.
  static let upper: UInt8 = 1
  /// Ll.
  static let lower: UInt8 = 2
  /// Lm and Lo.
  static let otherLetter: UInt8 = 4
  /// Mn, Mc and Me.
  static let mark: UInt8 = 8
  /// Nd, Nl and No.
  static let number: UInt8 = 16
  /// White_Space, as regular expressions' `\s` is.
  static let space: UInt8 = 32
  /// A carriage return or a line feed.
  static let newline: UInt8 = 64

  static let letter: UInt8 = upper | lower | otherLetter

  /// The class of `scalar`.
  @inline(__always) static func of(_ scalar: UInt32) -> UInt8 {
    scalar < 0x10000 ? table[Int(scalar)] : computed(scalar)
  }

  /// Every scalar of the Basic Multilingual Plane's class, made once.
  static let table: [UInt8] = (0..<0x10000).map { computed(UInt32($0)) }

  /// The class of `scalar` from utf8proc's category and the White_Space list.
  static func computed(_ scalar: UInt32) -> UInt8 {
    if scalar == 0x0A || scalar == 0x0D { return space | newline }
    if isWhiteSpace(scalar) { return space }
    switch utf8proc_category(Int32(bitPattern: scalar)) {
    case UTF8PROC_CATEGORY_LU, UTF8PROC_CATEGORY_LT: return upper
    case UTF8PROC_CATEGORY_LL: return lower
    case UTF8PROC_CATEGORY_LM, UTF8PROC_CATEGORY_LO: return otherLetter
    case UTF8PROC_CATEGORY_MN, UTF8PROC_CATEGORY_MC, UTF8PROC_CATEGORY_ME: return mark
    case UTF8PROC_CATEGORY_ND, UTF8PROC_CATEGORY_NL, UTF8PROC_CATEGORY_NO: return number
    default: return 0
    }
  }

  /// Unicode's White_Space property: what `\s` matches.
  static func isWhiteSpace(_ scalar: UInt32) -> Bool {
    switch scalar {
    case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F,
      0x3000:
      return true
    default: return false
    }
  }
}
