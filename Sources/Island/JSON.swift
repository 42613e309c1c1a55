/// A small JSON writer that keeps keys in the order they are written, so
/// output is stable and reads in the order the README documents.
public struct JSONObject {
  private var members: [String] = []

  /// An empty object.
  public init() {}

  /// Adds a string member (or null).
  public mutating func add(_ key: String, _ value: String?) {
    members.append(JSON.quoted(key) + ":" + (value.map(JSON.quoted) ?? "null"))
  }

  /// Adds an integer member.
  public mutating func add(_ key: String, _ value: Int) {
    members.append(JSON.quoted(key) + ":" + String(value))
  }

  /// Adds a number member.
  public mutating func add(_ key: String, _ value: Double) {
    members.append(JSON.quoted(key) + ":" + JSON.number(value))
  }

  /// Adds a member whose value is already JSON text.
  public mutating func add(_ key: String, raw: String) {
    members.append(JSON.quoted(key) + ":" + raw)
  }

  /// The object as compact JSON text.
  public var text: String { "{" + members.joined(separator: ",") + "}" }
}

/// JSON text for single values.
public enum JSON {
  /// `text` as a JSON string, with quotes, backslashes and every control
  /// character escaped.
  public static func quoted(_ text: String) -> String {
    var result = "\""
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
    return result + "\""
  }

  /// `value` as a JSON number: the shortest text that reads back as the
  /// same double, so a script can check a fraction exactly.
  public static func number(_ value: Double) -> String {
    guard value.isFinite else { return "null" }
    if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
    return String(value)
  }
}
