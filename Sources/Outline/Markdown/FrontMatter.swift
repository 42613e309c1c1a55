import Slugs

/// YAML (`---`) or TOML (`+++`) front matter at the top of a Markdown file,
/// as site generators and pandoc's `yaml_metadata_block` take it: the
/// block between the fences must hold a YAML mapping (`key: value`) or a
/// TOML table (`key = value`, `[table]`). Anything else at the top is
/// Markdown: `---`, `Foo`, `---` is a thematic break and a heading.
///
/// cmark knows nothing of front matter and would read a YAML block as a
/// thematic break followed by a setext heading, so the reader hides these
/// lines from cmark (keeping their line endings, so lines stay the same).
struct FrontMatter: Equatable {
  /// The offset just past the closing fence's line ending.
  let endOffset: Int
  /// The value of its top-level `title` key, if any.
  let title: String?

  /// Finds front matter opening on the first line of `bytes` (after a BOM)
  /// and closed by a matching fence. As in pandoc, an opening fence followed
  /// by a blank line is a thematic break, not front matter.
  static func find(in bytes: UnsafeBufferPointer<UInt8>, lines: LineIndex) -> FrontMatter? {
    guard lines.lineCount >= 2 else { return nil }
    let bomLength = hasBOM(bytes) ? 3 : 0
    let first = text(ofLine: 1, in: bytes, lines: lines, skipping: bomLength)
    let closers: [String]
    let isYAML: Bool
    switch first {
    case "---":
      closers = ["---", "..."]
      isYAML = true
    case "+++":
      closers = ["+++"]
      isYAML = false
    default: return nil
    }
    if text(ofLine: 2, in: bytes, lines: lines).isEmpty { return nil }
    var title: String? = nil
    var body: [String] = []
    for line in 2...lines.lineCount {
      let content = text(ofLine: line, in: bytes, lines: lines)
      if closers.contains(content) {
        guard isYAML ? isYAMLMapping(body) : isTOMLTable(body) else { return nil }
        return FrontMatter(endOffset: lines.offset(ofLine: line + 1), title: title)
      }
      body.append(content)
      if title == nil { title = isYAML ? yamlTitle(content) : tomlTitle(content) }
    }
    return nil
  }

  /// Whether `body` reads as a YAML mapping (or nothing at all, which
  /// Jekyll and Hugo take as empty front matter): its first line that is
  /// not blank or a comment is a key, and every line at the left margin is
  /// a key, a comment, an item of a sequence under a key (`- a`) or the
  /// value of a complex key (`: value`). A scalar
  /// (`Foo`, `title:x`) or a sequence is not front matter to pandoc, and
  /// Hugo and Jekyll refuse it.
  static func isYAMLMapping(_ body: [String]) -> Bool {
    var sawKey = false
    for line in body {
      guard let first = line.first, first != " ", first != "\t", first != "#" else { continue }
      if isYAMLKey(line) {
        sawKey = true
      } else if !(sawKey
        && (line.hasPrefix("- ") || line.hasPrefix(": ") || line == "-" || line == ":"))
      {
        return false
      }
    }
    return sawKey || body.allSatisfy { $0.trimmingBlanks().isEmpty || $0.hasPrefix("#") }
  }

  /// Whether a YAML line at the left margin starts a mapping entry:
  /// `key: value`, `key:`, `"quoted key": value` or `? complex key`.
  private static func isYAMLKey(_ line: String) -> Bool {
    let characters = Array(line)
    var index = 0
    if characters[0] == "?" { return characters.count == 1 || characters[1] == " " }
    if characters[0] == "\"" || characters[0] == "'" {
      guard let close = characters.dropFirst().firstIndex(of: characters[0]) else { return false }
      index = close + 1
      while index < characters.count, characters[index] == " " { index += 1 }
      return index < characters.count && characters[index] == ":"
        && (index + 1 == characters.count || " \t".contains(characters[index + 1]))
    }
    // A plain key may not start with an indicator, but `-`, `?` and `:`
    // followed by a non-space start a plain scalar.
    let second = characters.count > 1 ? characters[1] : " "
    if "-?:".contains(characters[0]) && (second == " " || second == "\t") { return false }
    if ",[]{}#&*!|>%@`".contains(characters[0]) { return false }
    while index < characters.count {
      if characters[index] == ":",
        index + 1 == characters.count || " \t".contains(characters[index + 1])
      {
        return index > 0
      }
      if characters[index] == "#", index > 0, " \t".contains(characters[index - 1]) {
        return false
      }
      index += 1
    }
    return false
  }

  /// Whether `body` reads as a TOML table: its first line that is not
  /// blank or a comment is `key = value` or a `[table]` header.
  static func isTOMLTable(_ body: [String]) -> Bool {
    for line in body {
      let trimmed = line.trimmingBlanks()
      if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
      if trimmed.hasPrefix("[") { return true }
      guard let equals = trimmed.firstIndex(of: "=") else { return false }
      let key = trimmed[..<equals].trimmingBlanks()
      if key.hasPrefix("\"") || key.hasPrefix("'") { return true }
      return !key.isEmpty
        && key.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "_-. ".contains($0)) }
    }
    return true
  }

  private static func hasBOM(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
  }

  /// The line's text without its line ending and trailing blanks.
  private static func text(
    ofLine line: Int, in bytes: UnsafeBufferPointer<UInt8>, lines: LineIndex, skipping: Int = 0
  ) -> String {
    var start = lines.offset(ofLine: line) + skipping
    var end = lines.offset(ofLine: line + 1)
    while end > start, [0x0A, 0x0D, 0x20, 0x09].contains(bytes[end - 1]) { end -= 1 }
    start = min(start, end)
    return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
  }

  /// `title: value` at the top level of YAML; quotes removed.
  private static func yamlTitle(_ line: String) -> String? {
    guard line.hasPrefix("title:") else { return nil }
    let value = line.dropFirst("title:".count).trimmingBlanks()
    if value.count >= 2, let quote = value.first, quote == "\"" || quote == "'", value.last == quote
    {
      let inner = String(value.dropFirst().dropLast())
      return quote == "'" ? unescapeSingleQuoted(inner) : unescapeDoubleQuoted(inner)
    }
    return value.isEmpty ? nil : value
  }

  /// `title = "value"` at the top level of TOML.
  private static func tomlTitle(_ line: String) -> String? {
    guard line.hasPrefix("title") else { return nil }
    let rest = line.dropFirst("title".count).trimmingBlanks()
    guard rest.hasPrefix("=") else { return nil }
    let value = rest.dropFirst().trimmingBlanks()
    guard value.count >= 2, let quote = value.first, quote == "\"" || quote == "'",
      value.last == quote
    else { return nil }
    let inner = String(value.dropFirst().dropLast())
    return quote == "'" ? inner : unescapeDoubleQuoted(inner)
  }

  /// A single-quoted YAML string, where `''` stands for one quote.
  private static func unescapeSingleQuoted(_ text: String) -> String {
    var result = ""
    var previousWasQuote = false
    for character in text {
      if character == "'" && previousWasQuote {
        previousWasQuote = false
        continue
      }
      previousWasQuote = character == "'"
      result.append(character)
    }
    return result
  }

  /// The common escapes of a double-quoted YAML or TOML string.
  private static func unescapeDoubleQuoted(_ text: String) -> String {
    var result = ""
    var escaping = false
    for character in text {
      if escaping {
        switch character {
        case "n": result.append("\n")
        case "t": result.append("\t")
        default: result.append(character)
        }
        escaping = false
      } else if character == "\\" {
        escaping = true
      } else {
        result.append(character)
      }
    }
    return result
  }
}

extension StringProtocol {
  /// The text without spaces and tabs at either end.
  func trimmingBlanks() -> String { trimming { $0 == " " || $0 == "\t" } }
}

extension Outliner {
  /// Where the front matter at the top of the Markdown `bytes` ends (the
  /// offset past its closing fence's line), as the outline hides it from
  /// cmark; nil when there is none.
  package static func frontMatterEnd(of bytes: Span<UInt8>) -> Int? {
    bytes.withUnsafeBufferPointer { frontMatterEnd(of: $0) }
  }

  /// The same over a buffer, for this module's own callers.
  static func frontMatterEnd(of bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    FrontMatter.find(in: bytes, lines: LineIndex(bytes))?.endOffset
  }
}
