import Cells

/// Titles in a right-to-left script, fenced so a terminal that applies the
/// bidi algorithm keeps them from pulling the number, the detail or the
/// glyphs across: a LEFT-TO-RIGHT MARK (U+200E) on each side keeps the line's
/// direction left to right and the digits after the title with it. The
/// mark is zero cells wide in wcwidth, which tmux and most terminals use;
/// the isolates (U+2068, U+2069) would be better bidi but show as a cell in
/// tmux, which breaks the columns. Applied after cutting.
enum Bidi {
  static func isolated(_ text: String) -> String {
    text.unicodeScalars.contains(where: isRightToLeft) ? "\u{200E}" + text + "\u{200E}" : text
  }

  /// Strong right-to-left letters: Hebrew, Arabic, Syriac, Thaana, N'Ko and
  /// their presentation forms.
  static func isRightToLeft(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF:
      return true
    default:
      return false
    }
  }
}
