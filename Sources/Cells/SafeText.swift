/// Text from a document made safe to print on a terminal.
///
/// A title may hold an escape sequence or another control character; sent
/// raw it would move the cursor, recolour the screen or worse. Each C0
/// control is shown as its Control Picture (`ESC` as `␛`), DEL as `␡`, and C1
/// controls and bidi overrides as U+FFFD.
public enum SafeText {
  /// `text` with every control character replaced by a visible stand-in.
  public static func forTerminal(_ text: String) -> String {
    // Every scalar replaced is a byte below 0x20 or 0x7F, or starts with
    // 0xC2 (C1 controls) or 0xE2 (the bidi overrides) in UTF-8.
    guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 || $0 == 0xE2 }),
      text.unicodeScalars.contains(where: needsReplacing)
    else { return text }
    var result = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x00...0x1F: result.append(Unicode.Scalar(0x2400 + scalar.value)!)
      case 0x7F: result.append("\u{2421}")
      default: result.append(needsReplacing(scalar) ? "\u{FFFD}" : scalar)
      }
    }
    return String(result)
  }

  private static func needsReplacing(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: return true
    default: return false
    }
  }
}
