#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// JSON text written as UTF-8 bytes: the one way isle writes JSON, for
/// the commands' documented objects, the language server's replies and
/// the agents' tools alike.
///
/// Members are written in the order given (the order the README
/// documents; a `JSONValue`'s object is written with its keys sorted), and
/// the comma before a member or an element is written when one is due, so
/// an object is `open()`, its members, `close()`. Whether one is due is the
/// writer's own state (each open container and whether it holds a member
/// yet), never read back from the bytes, which may have been handed over
/// (`take()`, `handOver(over:to:)`) since. A document's thousands
/// of sections are written with byte appends, not a `String` for every
/// key and value, and turned into text once.
public struct JSONWriter {
  /// The bytes written so far.
  public private(set) var bytes: [UInt8] = []

  /// One flag for each container open, innermost last: true once it
  /// holds a member or an element, so the next one needs a comma.
  private var filled: [Bool] = []

  /// A writer with room for `capacity` bytes.
  public init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

  /// Writes on after `output`'s bytes, taken over without a copy and
  /// given back by `finish(into:)`: many objects, one buffer.
  public init(after output: inout [UInt8]) { swap(&bytes, &output) }

  /// Gives the bytes back to `output`, a line feed after the last object.
  public mutating func finish(into output: inout [UInt8]) {
    bytes.append(0x0A)
    swap(&bytes, &output)
  }

  /// The text so far, which is then emptied (its room kept): a long text
  /// handed over a stretch at a time never stands twice over. What is
  /// open stays open, and the next member's comma is still written.
  public mutating func take() -> String {
    defer { bytes.removeAll(keepingCapacity: true) }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Hands the text so far over to `output` when it holds `limit` bytes
  /// or more (`take()`), so a long text is written a stretch at a time.
  public mutating func handOver(over limit: Int, to output: inout String) {
    if bytes.count >= limit { output += take() }
  }

  /// How many containers are open.
  public var depth: Int { filled.count }

  /// The text written.
  public var text: String { String(decoding: bytes, as: UTF8.self) }

  // MARK: Objects and arrays

  /// Starts an object.
  public mutating func open() {
    bytes.append(0x7B)
    filled.append(false)
  }

  /// Ends the object.
  public mutating func close() {
    bytes.append(0x7D)
    filled.removeLast()
  }

  /// Starts an array.
  public mutating func openArray() {
    bytes.append(0x5B)
    filled.append(false)
  }

  /// Ends the array.
  public mutating func closeArray() {
    bytes.append(0x5D)
    filled.removeLast()
  }

  /// Starts an element of the array: the comma, unless it is the first.
  public mutating func element() { separate() }

  /// The comma when the innermost container holds something already;
  /// then it does. Nothing at the top level.
  private mutating func separate() {
    guard let last = filled.indices.last else { return }
    if filled[last] { bytes.append(0x2C) } else { filled[last] = true }
  }

  /// Starts a member named `key`, one of isle's own names (which need no
  /// escaping): the comma unless it is the first, the key and its colon.
  public mutating func key(_ key: StaticString) {
    separate()
    bytes.append(0x22)
    key.withUTF8Buffer { bytes.append(contentsOf: $0) }
    bytes.append(0x22)
    bytes.append(0x3A)
  }

  /// Starts a member whose name is any text, escaped.
  public mutating func key(text key: String) {
    separate()
    string(key)
    bytes.append(0x3A)
  }

  // MARK: Values

  /// `null`.
  public mutating func null() { raw("null") }

  /// `true` or `false`.
  public mutating func bool(_ truth: Bool) { truth ? raw("true") : raw("false") }

  /// An integer.
  public mutating func int(_ value: Int) {
    if value >= 0 && value < 10 {
      bytes.append(0x30 + UInt8(value))
    } else {
      bytes.append(contentsOf: String(value).utf8)
    }
  }

  /// A number, as `JSONWriter.number` writes it.
  public mutating func number(_ value: Double) {
    bytes.append(contentsOf: Self.number(value).utf8)
  }

  /// `text` quoted and escaped (`quoted(_:)`).
  public mutating func string(_ text: String) {
    var text = text
    text.withUTF8 { quoted($0) }
  }

  /// `text`, UTF-8 (a document's own bytes once made valid), quoted and
  /// escaped byte by byte, with no `String` built: a section may be
  /// megabytes long.
  public mutating func string(utf8 text: Span<UInt8>) { text.withUnsafeBufferPointer { quoted($0) } }

  /// Bytes that are JSON already (punctuation, a literal).
  public mutating func raw(_ text: StaticString) {
    text.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  /// Text that is JSON already, written by another writer.
  public mutating func json(_ text: String) { bytes.append(contentsOf: text.utf8) }

  /// Any value, objects with their keys sorted, so that a reply reads the
  /// same every time.
  public mutating func value(_ value: JSONValue) {
    switch value {
    case .null: null()
    case .bool(let truth): bool(truth)
    case .number(let number): self.number(number)
    case .string(let text): string(text)
    case .array(let elements):
      openArray()
      for element in elements {
        self.element()
        self.value(element)
      }
      closeArray()
    case .object(let members):
      open()
      for key in members.keys.sorted() {
        self.key(text: key)
        self.value(members[key]!)
      }
      close()
    case .written(let text):
      json(text)
    }
  }

  // MARK: Members

  /// A string member, or null.
  public mutating func add(_ key: StaticString, _ value: String?) {
    self.key(key)
    if let value { string(value) } else { null() }
  }

  /// An integer member.
  public mutating func add(_ key: StaticString, _ value: Int) {
    self.key(key)
    int(value)
  }

  /// An integer member, or null.
  public mutating func add(_ key: StaticString, _ value: Int?) {
    self.key(key)
    if let value { int(value) } else { null() }
  }

  /// A number member.
  public mutating func add(_ key: StaticString, _ value: Double) {
    self.key(key)
    number(value)
  }

  /// A boolean member.
  public mutating func add(_ key: StaticString, _ value: Bool) {
    self.key(key)
    bool(value)
  }

  /// A member holding two integers, `[first,last]`, or null.
  public mutating func add(_ key: StaticString, pair: (Int, Int)?) {
    self.key(key)
    guard let pair else { return null() }
    openArray()
    bytes.append(contentsOf: String(pair.0).utf8)
    bytes.append(0x2C)
    bytes.append(contentsOf: String(pair.1).utf8)
    closeArray()
  }

  /// A member holding an array of strings.
  public mutating func add(_ key: StaticString, strings: [String]) {
    self.key(key)
    openArray()
    for string in strings {
      element()
      self.string(string)
    }
    closeArray()
  }

  /// A string member holding `text`, UTF-8 (`string(utf8:)`); returns
  /// where its value stands in `bytes`, quotes and all.
  @discardableResult
  public mutating func add(_ key: StaticString, utf8 text: Span<UInt8>) -> Range<Int> {
    self.key(key)
    let start = bytes.count
    text.withUnsafeBufferPointer { quoted($0) }
    return start..<bytes.count
  }

  /// A string member holding `text`, UTF-8, which ends with the text of
  /// the string written at `earlier` (`add(_:utf8:)`'s range), `written`:
  /// the bytes before it are escaped and the rest copied as escaped
  /// already, so a long text given twice is escaped once. Each escape
  /// stands for whole characters, so the copy is the same as escaping
  /// again when what comes before it ends in ASCII (or is empty).
  public mutating func add(
    _ key: StaticString, utf8 text: Span<UInt8>, endingWith written: Span<UInt8>,
    at earlier: Range<Int>
  ) {
    let before = text.count - written.count
    let fits =
      before >= 0 && earlier.lowerBound >= 0 && earlier.upperBound <= bytes.count
      && (before == 0 || text[before - 1] < 0x80)
      && text.withUnsafeBufferPointer { text in
        written.withUnsafeBufferPointer { written in
          written.isEmpty
            || memcmp(text.baseAddress! + before, written.baseAddress!, written.count) == 0
        }
      }
    guard fits else {
      add(key, utf8: text)
      return
    }
    self.key(key)
    bytes.append(0x22)
    text.withUnsafeBufferPointer { escaped(UnsafeBufferPointer(rebasing: $0[..<before])) }
    // The copy leaves out the earlier string's opening quote.
    let from = earlier.lowerBound + 1
    let count = earlier.count - 1
    let to = bytes.count
    bytes.append(contentsOf: repeatElement(0, count: count))
    bytes.withUnsafeMutableBufferPointer { all in
      (all.baseAddress! + to).update(from: all.baseAddress! + from, count: count)
    }
  }

  /// A member whose value is JSON text already.
  public mutating func add(_ key: StaticString, json text: String) {
    self.key(key)
    json(text)
  }

  // MARK: Text

  /// `text` as a JSON string, with quotes, backslashes, every control
  /// character, DEL, U+2028 and U+2029 escaped.
  public static func quoted(_ text: String) -> String {
    var writer = JSONWriter()
    writer.string(text)
    return writer.text
  }

  /// True when `text` holds a character `quoted` escapes: a quote, a
  /// backslash, a control character, DEL, or U+2028 or U+2029 (E2 80 A8,
  /// E2 80 A9 in UTF-8).
  public static func needsEscaping(_ text: String) -> Bool {
    var text = text
    return text.withUTF8 { JSONBytes.needsEscaping($0) }
  }

  /// `value` as a JSON number: the shortest text that reads back as the
  /// same double, so a script can check a fraction exactly; a whole
  /// number without a fraction, and null for what JSON cannot hold.
  public static func number(_ value: Double) -> String {
    guard value.isFinite else { return "null" }
    if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
    return String(value)
  }

  /// `text` as a JSON string: quotes, backslashes, control characters, DEL,
  /// U+2028 and U+2029 escaped, runs of everything else copied whole.
  private mutating func quoted(_ text: UnsafeBufferPointer<UInt8>) {
    bytes.append(0x22)
    escaped(text)
    bytes.append(0x22)
  }

  /// `text` escaped as in a JSON string, without the quotes.
  private mutating func escaped(_ text: UnsafeBufferPointer<UInt8>) {
    var run = 0
    var index = 0
    let count = text.count
    while index < count {
      // Eight bytes at a time while none of them needs a look.
      while index + 8 <= count {
        let looked = JSONBytes.looked(JSONBytes.word(text, at: index))
        guard looked == 0 else {
          index += JSONBytes.first(looked)
          break
        }
        index += 8
      }
      guard index < count else { break }
      let byte = text[index]
      if byte >= 0x20 && byte != 0x22 && byte != 0x5C && byte != 0x7F && byte != 0xE2 {
        index += 1
        continue
      }
      var width = 1
      if byte == 0xE2 {
        guard index + 2 < count, text[index + 1] == 0x80, text[index + 2] & 0xFE == 0xA8 else {
          index += 1
          continue
        }
        width = 3
      }
      if run < index { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[run..<index])) }
      escape(byte == 0xE2 ? text[index + 2] : byte)
      index += width
      run = index
    }
    if run < count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[run..<count])) }
  }

  /// The escape of `byte` (0xA8 and 0xA9 standing for U+2028 and
  /// U+2029): a backslash and a letter where JSON has one, else `\u`
  /// and four lowercase hex digits.
  @inline(__always) private mutating func escape(_ byte: UInt8) {
    bytes.append(0x5C)
    switch byte {
    case 0x22, 0x5C: bytes.append(byte)
    case 0x0A: bytes.append(0x6E)
    case 0x0D: bytes.append(0x72)
    case 0x09: bytes.append(0x74)
    case 0xA8, 0xA9:
      bytes.append(0x75)
      bytes.append(0x32)
      bytes.append(0x30)
      bytes.append(0x32)
      bytes.append(byte == 0xA8 ? 0x38 : 0x39)
    default:
      let digits: StaticString = "0123456789abcdef"
      bytes.append(0x75)
      bytes.append(0x30)
      bytes.append(0x30)
      bytes.append(digits.utf8Start[Int(byte >> 4)])
      bytes.append(digits.utf8Start[Int(byte & 0x0F)])
    }
  }
}
