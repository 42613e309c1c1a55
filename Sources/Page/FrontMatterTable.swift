import Cells
import Outline

/// Markdown front matter drawn as a small dimmed table: a row for each
/// top-level key (YAML `key: value`, TOML `key = value` or `[table]`),
/// the key in one column and its value in the next, wrapped there; the
/// lines under a key (a list, a nested mapping, a folded string) go on in
/// the value column with their own indentation. The fences, blank lines
/// and comments are not drawn. Each row stands for its source line.
struct FrontMatterTable {
  /// One row before it is laid out: the key and value as written, where
  /// each starts in the source, and where its line starts.
  struct Row {
    var key: String
    var keyStart: Int
    var value: String
    var valueStart: Int
    var lineStart: Int
  }

  let bytes: [UInt8]
  let source: LineIndex
  /// Just past the closing fence's line.
  let end: Int

  /// The rows of the front matter, in source order.
  func rows() -> [Row] {
    let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
    let toml = bytes.dropFirst(bytes.starts(with: bom) ? 3 : 0).starts(with: Array("+++".utf8))
    var rows: [Row] = []
    // The indentation of the first line under the current key, taken off
    // each line under it.
    var indent: Int? = nil
    var line = 2
    // The closing fence's line ends at `end`; the lines before it are the body.
    while source.endOffset(ofLine: line) < end {
      defer { line += 1 }
      let start = source.offset(ofLine: line)
      let text = String(decoding: bytes[start..<source.endOffset(ofLine: line)], as: UTF8.self)
        .trimmed(leading: false)
      guard !text.trimmed().isEmpty, !text.trimmed().hasPrefix("#") else { continue }
      let blanks = text.prefix { $0 == " " || $0 == "\t" }.utf8.count
      if blanks == 0, let (key, value) = Self.split(text, toml: toml) {
        indent = nil
        let rest = text.dropFirst(value)
        var lead = rest.prefix { $0 == " " || $0 == "\t" }.utf8.count
        var shown = rest.trimmed()
        // A quoted string is shown without its quotes.
        if shown.count >= 2, let quote = shown.first, quote == "\"" || quote == "'",
          shown.last == quote
        {
          shown = String(shown.dropFirst().dropLast())
          lead += 1
        }
        rows.append(
          Row(
            key: String(text.prefix(key)), keyStart: start, value: shown,
            valueStart: start + text.utf8.count - rest.utf8.count + lead, lineStart: start))
      } else {
        let cut = min(blanks, indent ?? blanks)
        indent = indent ?? blanks
        rows.append(
          Row(
            key: "", keyStart: start,
            value: String(decoding: text.utf8.dropFirst(cut), as: UTF8.self),
            valueStart: start + cut, lineStart: start))
      }
    }
    return rows
  }

  /// Where a top-level line's key ends and its value begins, in
  /// characters: `key: value`, `key:`, `key = value`, `[table]`.
  static func split(_ text: String, toml: Bool) -> (key: Int, value: Int)? {
    let characters = Array(text)
    if toml {
      if characters.first == "[" { return (characters.count, characters.count) }
      guard let equals = characters.firstIndex(of: "=") else { return nil }
      var key = equals
      while key > 0 && characters[key - 1] == " " { key -= 1 }
      return (key, equals + 1)
    }
    for index in characters.indices where characters[index] == ":" {
      if index + 1 == characters.count || characters[index + 1] == " " {
        return (index, index + 1)
      }
    }
    return nil
  }

  /// The rows laid out `width` cells wide, their bytes from `base` on.
  func lines(base: Int, width: Int, glyphs: PageGlyphs) -> [PageLine] {
    let rows = rows()
    guard !rows.isEmpty else { return [] }
    let widest = rows.map { Cells.width(of: $0.key) }.max() ?? 0
    let column = min(widest, max(width / 3, 1))
    var lines: [PageLine] = []
    for (index, row) in rows.enumerated() {
      let from = index == 0 ? 0 : row.lineStart
      let to = index + 1 < rows.count ? rows[index + 1].lineStart : end
      let key = Cells.truncate(row.key, toWidth: column)
      let pad = String(repeating: " ", count: max(column - Cells.width(of: key), 0))
      let bar = row.value.isEmpty ? String(glyphs.column.dropLast()) : glyphs.column
      let first = [
        Run(key, style: .faint, offset: base + row.keyStart), Run(pad + bar, style: .faint),
      ]
      let rest = [Run(String(repeating: " ", count: column) + glyphs.column, style: .faint)]
      let value =
        row.value.isEmpty ? [] : [Run(row.value, style: .faint, offset: base + row.valueStart)]
      lines += Wrapper.wrap(
        value, width: width, first: first, rest: rest, bytes: base + from..<base + to)
    }
    return lines
  }
}

extension StringProtocol {
  /// The text without white space at its end (and its start, unless
  /// `leading` is false); a line ending is white space.
  fileprivate func trimmed(leading: Bool = true) -> String {
    var text = Substring(self)
    while text.last?.isWhitespace == true { text = text.dropLast() }
    while leading && text.first?.isWhitespace == true { text = text.dropFirst() }
    return String(text)
  }
}
