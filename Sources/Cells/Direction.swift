/// Which way a text runs, as the bidi algorithm finds a paragraph's
/// direction: from its first strong letter (rules P2 and P3), right to left
/// for Hebrew, Arabic and the other right-to-left scripts.
public enum Direction: Sendable {
  /// Latin, Greek, Cyrillic, CJK and most scripts.
  case leftToRight
  /// Hebrew, Arabic and their neighbours.
  case rightToLeft

  /// The direction of `text`'s first strong letter; nil when it has none
  /// (digits, punctuation and spaces are not strong).
  public static func of(_ text: some StringProtocol) -> Direction? {
    for scalar in text.unicodeScalars {
      if isRightToLeft(scalar) { return .rightToLeft }
      if scalar.properties.isAlphabetic { return .leftToRight }
    }
    return nil
  }

  /// Strong right-to-left letters: Hebrew, Arabic, Syriac, Thaana, N'Ko and
  /// their presentation forms.
  public static func isRightToLeft(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF:
      return true
    default:
      return false
    }
  }
}
