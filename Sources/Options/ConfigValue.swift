/// A value in the config file, read with TOML's habits: `"double quoted"`
/// with backslash escapes, `'single quoted'` taken literally, or bare text
/// to the end of the line (so `accent = #0A84FF` keeps its `#`). After a
/// closing quote only a `# comment` may follow.
package enum ConfigValue {
  /// Why a value could not be read.
  package struct ValueError: Error, Equatable {
    package let reason: String
  }

  /// The value of `text`, the part after `=` with spaces trimmed.
  package static func parse(_ text: String) throws(ValueError) -> String {
    guard let quote = text.first, quote == "\"" || quote == "'" else { return text }
    let (value, rest) = try quoted(Substring(text))
    let after = rest.trimmingCharacters(in: " \t")
    guard after.isEmpty || after.hasPrefix("#") else {
      throw ValueError(reason: "unexpected '\(after)' after the closing \(quote)")
    }
    return value
  }

  /// The values of a list, TOML's array of strings on one line
  /// (`["a/**", 'b']`), or of one value as `parse` reads it.
  package static func parseList(_ text: String) throws(ValueError) -> [String] {
    guard text.first == "[" else { return [try parse(text)] }
    var values: [String] = []
    var rest = text.dropFirst()
    while true {
      rest = rest.drop { $0 == " " || $0 == "\t" }
      if rest.first == "]" {
        let after = rest.dropFirst().trimmingCharacters(in: " \t")
        guard after.isEmpty || after.hasPrefix("#") else {
          throw ValueError(reason: "unexpected '\(after)' after the closing ]")
        }
        return values
      }
      guard let quote = rest.first, quote == "\"" || quote == "'" else {
        throw ValueError(
          reason: rest.isEmpty
            ? "no closing ] in \(text) (a list stays on one line)"
            : "expected a quoted value in the list, got '\(rest)'")
      }
      let (value, after) = try quoted(rest)
      values.append(value)
      rest = after.drop { $0 == " " || $0 == "\t" }
      if rest.first == "," { rest = rest.dropFirst() }
    }
  }

  /// The quoted value `text` opens with, and what follows its closing
  /// quote.
  private static func quoted(_ text: Substring) throws(ValueError) -> (String, Substring) {
    let quote = text.first!
    var value = ""
    var index = text.index(after: text.startIndex)
    func next() -> Character? {
      guard index < text.endIndex else { return nil }
      defer { index = text.index(after: index) }
      return text[index]
    }
    while let character = next() {
      if character == quote { return (value, text[index...]) }
      if character == "\\" && quote == "\"" {
        guard let escaped = next() else { break }
        value.append(try unescape(escaped, next: next))
      } else {
        value.append(character)
      }
    }
    throw ValueError(reason: "no closing \(quote) in \(text)")
  }

  private static func unescape(
    _ escaped: Character, next: () -> Character?
  ) throws(ValueError) -> String {
    switch escaped {
    case "\"": return "\""
    case "\\": return "\\"
    case "n": return "\n"
    case "t": return "\t"
    case "r": return "\r"
    case "b": return "\u{8}"
    case "f": return "\u{c}"
    case "u", "U":
      let count = escaped == "u" ? 4 : 8
      var hex = ""
      for _ in 0..<count { next().map { hex.append($0) } }
      guard hex.count == count, let code = UInt32(hex, radix: 16),
        let scalar = Unicode.Scalar(code)
      else { throw ValueError(reason: "bad escape '\\\(escaped)\(hex)'") }
      return String(Character(scalar))
    default:
      throw ValueError(reason: "unknown escape '\\\(escaped)'")
    }
  }
}
