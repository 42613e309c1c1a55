/// A small JSON writer that keeps keys in the order they are written, so
/// output is stable and reads in the order the README documents.
public struct JSONObject {
  /// The text so far, without the closing brace.
  private var open = "{"
  private var isEmpty = true

  /// An empty object.
  public init() {}

  /// Adds a string member (or null).
  public mutating func add(_ key: String, _ value: String?) {
    member(key)
    if let value { JSON.appendQuoted(value, to: &open) } else { open += "null" }
  }

  /// Adds an integer member.
  public mutating func add(_ key: String, _ value: Int) {
    member(key)
    open += String(value)
  }

  /// Adds a number member.
  public mutating func add(_ key: String, _ value: Double) {
    member(key)
    open += JSON.number(value)
  }

  /// Adds a member whose value is already JSON text.
  public mutating func add(_ key: String, raw: String) {
    member(key)
    open += raw
  }

  /// Adds a member whose value `write` appends as JSON text, written in
  /// place rather than built apart and copied in.
  public mutating func add(_ key: String, writing write: (inout String) -> Void) {
    member(key)
    write(&open)
  }

  private mutating func member(_ key: String) {
    open += isEmpty ? "\"" : ",\""
    isEmpty = false
    // Keys are our own names, which need no escaping.
    open += key
    open += "\":"
  }

  /// The object's text appended to `output`.
  public func write(to output: inout String) {
    output += open
    output += "}"
  }
}
