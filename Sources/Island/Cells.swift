/// Widths of text in terminal cells, and cutting text to fit.
///
/// Measured by grapheme cluster: East Asian wide characters and emoji take
/// two cells, combining marks and zero-width joiners ride on the cluster
/// they belong to, controls take none.
public enum Cells {
  /// The number of terminal cells `text` takes.
  public static func width(of text: String) -> Int {
    text.reduce(0) { $0 + width(of: $1) }
  }

  /// The number of terminal cells one grapheme cluster takes.
  public static func width(of character: Character) -> Int {
    guard let first = character.unicodeScalars.first else { return 0 }
    let properties = first.properties
    if properties.generalCategory == .control || properties.generalCategory == .format {
      return character.unicodeScalars.count > 1 ? 1 : 0
    }
    if properties.isEmojiPresentation { return 2 }
    if character.unicodeScalars.contains(where: { $0.value == 0xFE0F }) && properties.isEmoji {
      return 2
    }
    return isWide(first) ? 2 : 1
  }

  /// East Asian Wide and Fullwidth ranges (Unicode's EastAsianWidth W and F).
  static func isWide(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E,
      0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
      0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19,
      0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F,
      0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
      return true
    default:
      return false
    }
  }

  /// `text` cut to at most `width` cells, ending in `…` when anything was
  /// cut. Never splits a grapheme cluster.
  public static func truncate(_ text: String, toWidth width: Int) -> String {
    if Self.width(of: text) <= width { return text }
    guard width >= 1 else { return "" }
    var result = ""
    var used = 0
    for character in text {
      let cells = Self.width(of: character)
      if used + cells > width - 1 { break }
      result.append(character)
      used += cells
    }
    return result + "…"
  }

  /// `text` followed by spaces up to `width` cells.
  public static func padded(_ text: String, toWidth width: Int) -> String {
    text + String(repeating: " ", count: max(0, width - Self.width(of: text)))
  }
}
