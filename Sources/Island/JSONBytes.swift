/// A JSON object's text built as UTF-8 bytes: a document's thousands of
/// sections are written with byte appends, not a `String` append for
/// every key and value, and turned into text once.
struct JSONBytes {
  private(set) var bytes: [UInt8] = []
  private var isEmpty = true

  init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

  /// The text so far, which is then emptied (its room kept).
  mutating func take() -> String {
    defer { bytes.removeAll(keepingCapacity: true) }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Starts an object.
  mutating func open() {
    bytes.append(0x7B)
    isEmpty = true
  }

  /// Ends the object.
  mutating func close() { bytes.append(0x7D) }

  /// Adds the byte between two values of an array.
  mutating func comma() { bytes.append(0x2C) }

  /// Adds a string member (or null).
  mutating func add(_ key: StaticString, _ value: String?) {
    member(key)
    guard let value else { return raw("null") }
    if JSON.needsEscaping(value) {
      bytes.append(contentsOf: JSON.quoted(value).utf8)
    } else {
      bytes.append(0x22)
      bytes.append(contentsOf: value.utf8)
      bytes.append(0x22)
    }
  }

  /// Adds an integer member.
  mutating func add(_ key: StaticString, _ value: Int) {
    member(key)
    if value >= 0 && value < 10 {
      bytes.append(0x30 + UInt8(value))
    } else {
      bytes.append(contentsOf: String(value).utf8)
    }
  }

  private mutating func raw(_ text: StaticString) {
    text.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  private mutating func member(_ key: StaticString) {
    bytes.append(isEmpty ? 0x22 : 0x2C)
    if !isEmpty { bytes.append(0x22) }
    isEmpty = false
    // Keys are our own names, which need no escaping.
    key.withUTF8Buffer { bytes.append(contentsOf: $0) }
    bytes.append(0x22)
    bytes.append(0x3A)
  }
}
