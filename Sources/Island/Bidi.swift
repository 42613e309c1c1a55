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
    text.unicodeScalars.contains(where: Direction.isRightToLeft)
      ? "\u{200E}" + text + "\u{200E}" : text
  }
}
