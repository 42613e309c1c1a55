import CUtf8proc

/// What the Hugging Face normalizers and pre-tokenizers ask of a
/// character, as Rust's standard library and the `unicode_categories`
/// crate answer it.
enum ScalarKind {
  /// Unicode's White_Space (Rust's `char::is_whitespace`).
  @inline(__always) static func isSpace(_ scalar: UInt32) -> Bool {
    scalar < 0x80
      ? scalar == 0x20 || (0x09...0x0D).contains(scalar) : ScalarClass.isWhiteSpace(scalar)
  }

  /// The BERT normalizer's control: Cc, Cf and Co, but tab, line feed and
  /// carriage return.
  static func isControl(_ scalar: UInt32) -> Bool {
    if scalar == 0x09 || scalar == 0x0A || scalar == 0x0D { return false }
    if scalar < 0x20 || scalar == 0x7F { return true }
    if scalar < 0x80 { return false }
    switch utf8proc_category(Int32(bitPattern: scalar)) {
    case UTF8PROC_CATEGORY_CC, UTF8PROC_CATEGORY_CF, UTF8PROC_CATEGORY_CO, UTF8PROC_CATEGORY_CS:
      return true
    default: return false
    }
  }

  /// The BERT pre-tokenizer's punctuation: ASCII's, and the P categories.
  static func isPunctuation(_ scalar: UInt32) -> Bool {
    if scalar < 0x80 {
      return (0x21...0x2F).contains(scalar) || (0x3A...0x40).contains(scalar)
        || (0x5B...0x60).contains(scalar) || (0x7B...0x7E).contains(scalar)
    }
    switch utf8proc_category(Int32(bitPattern: scalar)) {
    case UTF8PROC_CATEGORY_PC, UTF8PROC_CATEGORY_PD, UTF8PROC_CATEGORY_PS, UTF8PROC_CATEGORY_PE,
      UTF8PROC_CATEGORY_PI, UTF8PROC_CATEGORY_PF, UTF8PROC_CATEGORY_PO:
      return true
    default: return false
    }
  }

  /// A nonspacing mark (Mn), what stripping accents removes.
  static func isNonspacingMark(_ scalar: UInt32) -> Bool {
    scalar >= 0x300 && utf8proc_category(Int32(bitPattern: scalar)) == UTF8PROC_CATEGORY_MN
  }

  /// The BERT normalizer's "Chinese character": the CJK ideograph blocks.
  static func isChinese(_ scalar: UInt32) -> Bool {
    switch scalar {
    case 0x4E00...0x9FFF, 0x3400...0x4DBF, 0x20000...0x2A6DF, 0x2A700...0x2B73F,
      0x2B740...0x2B81F, 0x2B920...0x2CEAF, 0xF900...0xFAFF, 0x2F800...0x2FA1F:
      return true
    default: return false
    }
  }

  /// A word character as the `regex` crate's `\w` reads it: letters,
  /// marks, decimal digits, connector punctuation and the joiners.
  static func isWord(_ scalar: UInt32) -> Bool {
    if scalar < 0x80 {
      return (0x30...0x39).contains(scalar) || (0x41...0x5A).contains(scalar)
        || (0x61...0x7A).contains(scalar) || scalar == 0x5F
    }
    if scalar == 0x200C || scalar == 0x200D { return true }
    let classes = ScalarClass.of(scalar)
    if classes & (ScalarClass.letter | ScalarClass.mark) != 0 { return true }
    let category = utf8proc_category(Int32(bitPattern: scalar))
    return category == UTF8PROC_CATEGORY_ND || category == UTF8PROC_CATEGORY_NL
      || category == UTF8PROC_CATEGORY_PC
  }
}
