/// A value in the config file, read with TOML's habits: `"double quoted"`
/// with backslash escapes, `'single quoted'` taken literally, or bare text
/// to the end of the line (so `accent = #0A84FF` keeps its `#`). After a
/// closing quote only a `# comment` may follow.
enum ConfigValue {
  /// Why a value could not be read.
  struct Problem: Error, Equatable {
    let reason: String
  }

  /// The value of `text`, the part after `=` with spaces trimmed.
  static func parse(_ text: String) throws(Problem) -> String {
    guard let quote = text.first, quote == "\"" || quote == "'" else { return text }
    var value = ""
    var characters = text.dropFirst().makeIterator()
    var closed = false
    while let character = characters.next() {
      if character == quote {
        closed = true
        break
      }
      if character == "\\" && quote == "\"" {
        guard let escaped = characters.next() else { break }
        value.append(try unescape(escaped, rest: &characters))
      } else {
        value.append(character)
      }
    }
    guard closed else { throw Problem(reason: "no closing \(quote) in \(text)") }
    let rest = String(characters).trimmingCharacters(in: " \t")
    guard rest.isEmpty || rest.hasPrefix("#") else {
      throw Problem(reason: "unexpected '\(rest)' after the closing \(quote)")
    }
    return value
  }

  private static func unescape(
    _ escaped: Character, rest: inout Substring.Iterator
  ) throws(Problem) -> String {
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
      for _ in 0..<count { rest.next().map { hex.append($0) } }
      guard hex.count == count, let code = UInt32(hex, radix: 16),
        let scalar = Unicode.Scalar(code)
      else { throw Problem(reason: "bad escape '\\\(escaped)\(hex)'") }
      return String(Character(scalar))
    default:
      throw Problem(reason: "unknown escape '\\\(escaped)'")
    }
  }
}
