import Island

/// JSON written straight into bytes, as `JSONValue.text` writes it (keys in
/// the order given, which callers keep sorted): a large reply, such as the
/// symbols of a document with thousands of headings, is written without a
/// dictionary for each of its objects.
struct JSONText {
  var bytes: [UInt8] = []

  init(capacity: Int = 0) {
    bytes.reserveCapacity(capacity)
  }

  /// Bytes that are JSON already (punctuation, a key with its colon).
  mutating func raw(_ text: StaticString) {
    text.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  mutating func int(_ value: Int) {
    if value >= 0 && value < 10 {
      bytes.append(0x30 + UInt8(value))
      return
    }
    bytes.append(contentsOf: String(value).utf8)
  }

  /// `text` quoted, escaped as `JSON.appendQuoted` escapes it; most
  /// texts need no escape and are copied as they are.
  mutating func string(_ text: String) {
    if JSON.needsEscaping(text) {
      bytes.append(contentsOf: JSON.quoted(text).utf8)
    } else {
      bytes.append(0x22)
      bytes.append(contentsOf: text.utf8)
      bytes.append(0x22)
    }
  }

  mutating func position(_ position: TextPosition) {
    raw("{\"character\":")
    int(position.character)
    raw(",\"line\":")
    int(position.line)
    raw("}")
  }

  mutating func range(_ range: TextRange) {
    raw("{\"end\":")
    position(range.end)
    raw(",\"start\":")
    position(range.start)
    raw("}")
  }

  /// Any value, objects with their keys sorted.
  mutating func value(_ value: JSONValue) {
    switch value {
    case .null: raw("null")
    case .bool(let truth): truth ? raw("true") : raw("false")
    case .number(let number): bytes.append(contentsOf: JSON.number(number).utf8)
    case .string(let text): string(text)
    case .array(let elements):
      raw("[")
      for (index, element) in elements.enumerated() {
        if index > 0 { raw(",") }
        self.value(element)
      }
      raw("]")
    case .object(let members):
      raw("{")
      for (index, key) in members.keys.sorted().enumerated() {
        if index > 0 { raw(",") }
        string(key)
        raw(":")
        self.value(members[key]!)
      }
      raw("}")
    case .written(let text):
      bytes.append(contentsOf: text.utf8)
    }
  }

  /// The text written.
  var text: String { String(decoding: bytes, as: UTF8.self) }
}
