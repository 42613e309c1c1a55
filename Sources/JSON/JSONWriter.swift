/// A JSON object's text built as UTF-8 bytes: a document's thousands of
/// sections are written with byte appends, not a `String` append for
/// every key and value, and turned into text once.
struct JSONBytes {
  private(set) var bytes: [UInt8] = []
  private var isEmpty = true

  init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

  /// Writes on after `output`'s bytes, taken over without a copy and
  /// given back by `finish(into:)`: many objects, one buffer.
  init(after output: inout [UInt8]) { swap(&bytes, &output) }

  /// Gives the bytes back to `output`, a line feed after the last object.
  mutating func finish(into output: inout [UInt8]) {
    bytes.append(0x0A)
    swap(&bytes, &output)
  }

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

  /// Adds an integer member, or null.
  mutating func add(_ key: StaticString, _ value: Int?) {
    guard let value else {
      member(key)
      return raw("null")
    }
    add(key, value)
  }

  /// Adds a member holding two integers, `[first,last]`, or null.
  mutating func add(_ key: StaticString, pair: (Int, Int)?) {
    member(key)
    guard let pair else { return raw("null") }
    bytes.append(0x5B)
    bytes.append(contentsOf: String(pair.0).utf8)
    bytes.append(0x2C)
    bytes.append(contentsOf: String(pair.1).utf8)
    bytes.append(0x5D)
  }

  /// Adds a member holding an array of strings.
  mutating func add(_ key: StaticString, strings: [String]) {
    member(key)
    bytes.append(0x5B)
    for (index, string) in strings.enumerated() {
      if index > 0 { bytes.append(0x2C) }
      var string = string
      string.withUTF8 { quoted($0) }
    }
    bytes.append(0x5D)
  }

  /// Adds a string member holding `text`, UTF-8 (a document's own bytes
  /// once made valid): escaped byte by byte, with no `String` built per
  /// character, since a section may be megabytes long.
  mutating func add(_ key: StaticString, utf8 text: UnsafeBufferPointer<UInt8>) {
    member(key)
    quoted(text)
  }

  /// `text` as a JSON string: quotes, backslashes, control characters, DEL,
  /// U+2028 and U+2029 escaped, runs of everything else copied whole.
  private mutating func quoted(_ text: UnsafeBufferPointer<UInt8>) {
    bytes.append(0x22)
    var run = 0
    var index = 0
    let count = text.count
    func escape(_ escaped: String) {
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[run..<index]))
      bytes.append(contentsOf: escaped.utf8)
    }
    while index < count {
      // Eight bytes at a time while none of them needs a look.
      while index + 8 <= count, Self.plain(text, at: index) { index += 8 }
      guard index < count else { break }
      let byte = text[index]
      if byte >= 0x20 && byte != 0x22 && byte != 0x5C && byte != 0x7F && byte != 0xE2 {
        index += 1
        continue
      }
      var width = 1
      switch byte {
      case 0x22: escape("\\\"")
      case 0x5C: escape("\\\\")
      case 0x0A: escape("\\n")
      case 0x0D: escape("\\r")
      case 0x09: escape("\\t")
      case 0xE2:
        guard index + 2 < count, text[index + 1] == 0x80, text[index + 2] & 0xFE == 0xA8 else {
          index += 1
          continue
        }
        escape(text[index + 2] == 0xA8 ? "\\u2028" : "\\u2029")
        width = 3
      default:
        let hex = String(byte, radix: 16)
        escape("\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
      }
      index += width
      run = index
    }
    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[run..<count]))
    bytes.append(0x22)
  }

  /// True when none of the eight bytes at `index` is a control
  /// character, a quote, a backslash, DEL or 0xE2 (which may start U+2028
  /// or U+2029): the usual test for a zero byte, on the word each of
  /// those bytes is subtracted from, and one for bytes under 0x20.
  private static func plain(_ text: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
    let word = UnsafeRawPointer(text.baseAddress! + index).loadUnaligned(as: UInt64.self)
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    func hasZero(_ value: UInt64) -> Bool { (value &- ones) & ~value & highs != 0 }
    let below = (word &- ones &* 0x20) & ~word & highs != 0
    return !below && !hasZero(word ^ (ones &* 0x22)) && !hasZero(word ^ (ones &* 0x5C))
      && !hasZero(word ^ (ones &* 0x7F)) && !hasZero(word ^ (ones &* 0xE2))
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
