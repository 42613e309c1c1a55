/// JSON text for single values.
public enum JSON {
  /// `text` as a JSON string, with quotes, backslashes and every control
  /// character escaped.
  public static func quoted(_ text: String) -> String {
    var result = ""
    appendQuoted(text, to: &result)
    return result
  }

  /// `text` as a JSON string appended to `output`: the text whole when no
  /// character in it needs escaping (the usual case), else scalar by scalar.
  public static func appendQuoted(_ text: String, to output: inout String) {
    output += "\""
    if !needsEscaping(text) {
      output += text
    } else {
      appendEscaped(text, to: &output)
    }
    output += "\""
  }

  /// True when `text` holds a quote, a backslash, a control character,
  /// DEL, or U+2028 or U+2029 (E2 80 A8, E2 80 A9 in UTF-8).
  public static func needsEscaping(_ text: String) -> Bool {
    var text = text
    return text.withUTF8 { bytes in
      // An index loop: a title may be megabytes long.
      var index = 0
      let count = bytes.count
      while index < count {
        let byte = bytes[index]
        if byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F { return true }
        if byte == 0xE2 && index + 2 < count && bytes[index + 1] == 0x80
          && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9)
        {
          return true
        }
        index += 1
      }
      return false
    }
  }

  static func appendEscaped(_ text: String, to result: inout String) {
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F || (0x2028...0x2029).contains(scalar.value) {
          let hex = String(scalar.value, radix: 16)
          result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
  }

  /// `value` as a JSON number: the shortest text that reads back as the
  /// same double, so a script can check a fraction exactly.
  public static func number(_ value: Double) -> String {
    guard value.isFinite else { return "null" }
    if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
    return String(value)
  }
}
