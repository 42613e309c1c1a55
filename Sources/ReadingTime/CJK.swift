/// The scripts read character by character: Han, Hiragana, Katakana, Hangul.
package enum CJK {
  /// True for a Han, Hiragana, Katakana or Hangul character.
  package static func contains(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x1100...0x11FF,  // Hangul Jamo
      0x2E80...0x2FDF,  // CJK and Kangxi radicals
      0x3005, 0x3007, 0x3021...0x3029, 0x3038...0x303B,  // Han marks and numerals
      0x3041...0x3096, 0x309D...0x309F,  // Hiragana
      0x30A1...0x30FA, 0x30FC...0x30FF,  // Katakana
      0x3131...0x318E,  // Hangul compatibility Jamo
      0x31F0...0x31FF,  // Katakana phonetic extensions
      0x3400...0x4DBF,  // Han extension A
      0x4E00...0x9FFF,  // Han
      0xA960...0xA97F,  // Hangul Jamo extended A
      0xAC00...0xD7AF,  // Hangul syllables
      0xD7B0...0xD7FF,  // Hangul Jamo extended B
      0xF900...0xFAFF,  // Han compatibility
      0xFF66...0xFF9D,  // halfwidth Katakana
      0xFFA0...0xFFDC,  // halfwidth Hangul
      0x20000...0x3FFFF:  // Han extensions B and beyond
      return true
    default:
      return false
    }
  }

  /// True for CJK and fullwidth punctuation, which separates words.
  package static func isPunctuation(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x3000...0x303F, 0xFF01...0xFF65, 0xFE30...0xFE4F: return true
    default: return false
    }
  }
}
