import CUtf8proc

/// Widths of text in terminal cells, and cutting text to fit.
///
/// Measured by grapheme cluster (Swift's `Character`), each cluster as wide
/// as utf8proc says its first scalar is: East Asian wide and fullwidth
/// characters and emoji take two cells, combining marks and zero-width
/// joiners ride on their cluster. A text-style symbol followed by VS16
/// (U+FE0F) and a pair of regional indicators (a flag) show as emoji, two
/// cells. Controls take none: text is made safe before it is measured.
public enum Cells {
  /// The number of terminal cells `text` takes.
  public static func width(of text: String) -> Int {
    if let cells = asciiWidth(of: text) { return cells }
    var total = 0
    for character in text { total += width(of: character) }
    return total
  }

  /// The width of a text of ASCII alone, byte by byte (a cell for each but
  /// the controls); nil for any other text.
  static func asciiWidth(of text: String) -> Int? {
    var text = text
    return text.withUTF8 { bytes -> Int? in
      var cells = 0
      for byte in bytes {
        if byte >= 0x80 { return nil }
        if byte >= 0x20 && byte != 0x7F { cells += 1 }
      }
      return cells
    }
  }

  /// The number of terminal cells one grapheme cluster takes.
  public static func width(of character: Character) -> Int {
    if character.isASCII {
      return character.asciiValue! < 0x20 || character.asciiValue! == 0x7F ? 0 : 1
    }
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return 0 }
    let base = Int(utf8proc_charwidth(Int32(bitPattern: first.value)))
    if base == 2 { return 2 }
    if scalars.count > 1 {
      if scalars.contains(where: { $0.value == 0xFE0F }) { return 2 }
      if (0x1F1E6...0x1F1FF).contains(first.value) { return 2 }
    }
    // utf8proc gives 0 to marks and format characters; a cluster that starts
    // with one (a stray combining mark) still takes its cell when it has a
    // visible base later, which a cluster never does, so 0 stands.
    return base
  }

  /// `text` cut to at most `width` cells, ending in `ellipsis` when anything
  /// was cut. Never splits a grapheme cluster.
  public static func truncate(_ text: String, toWidth width: Int, ellipsis: String = "…") -> String
  {
    if Self.width(of: text) <= width { return text }
    let room = width - Self.width(of: ellipsis)
    guard room >= 0 else { return "" }
    var result = ""
    var used = 0
    for character in text {
      let cells = Self.width(of: character)
      if used + cells > room { break }
      result.append(character)
      used += cells
    }
    return result + ellipsis
  }

  /// `text` followed by spaces up to `width` cells.
  public static func padded(_ text: String, toWidth width: Int) -> String {
    text + String(repeating: " ", count: max(0, width - Self.width(of: text)))
  }
}
