/// Reads JSON text (RFC 8259) into a `JSONValue`: the one way isle reads
/// JSON (what an editor or an agent sends, a command's output read back).
///
/// Written here rather than taken from Foundation so that no command's
/// start-up carries Foundation (isle links the Swift runtime statically);
/// `fuzz/jsonrpc.swift` runs it over hostile input. Nesting is limited,
/// so a message of ten thousand `[` is an error, not a stack overflow.
public struct JSONParser {
  private let bytes: [UInt8]
  private var index = 0
  private var depth = 0
  /// The member of the outermost object whose number is kept as written.
  private var keptAsWritten: String? = nil

  /// The deepest nesting read.
  public static let maxDepth = 256

  /// Reads `bytes`, which must hold one value and nothing else but white
  /// space.
  public static func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
    var reader = JSONParser(bytes: bytes)
    reader.skipSpace()
    let value = try reader.value()
    reader.skipSpace()
    guard reader.index == bytes.count else { throw reader.failure("text after the value") }
    return value
  }

  /// Reads `bytes` as `parse` does, but for the number of the outermost
  /// object's member `key`, kept as its text (`.written`): a JSON-RPC id
  /// is echoed exactly as sent, `1e400` and `12345678901234567890`
  /// included, which no double holds.
  public static func parse(_ bytes: [UInt8], keepingNumberAt key: String) throws(JSONParseError)
    -> JSONValue
  {
    var reader = JSONParser(bytes: bytes)
    reader.keptAsWritten = key
    reader.skipSpace()
    let value = try reader.value()
    reader.skipSpace()
    guard reader.index == bytes.count else { throw reader.failure("text after the value") }
    return value
  }

  /// One member of an object as written: its key, its value, and the
  /// bytes the value was written in.
  public struct Member: Sendable {
    public var key: String
    public var value: JSONValue
    public var text: Range<Int>
  }

  /// Reads `bytes`, which must hold one object and nothing else but white
  /// space, into its members in the order written (a key given twice is
  /// there twice), each with the bytes of its value, so that a caller can
  /// carry a value on as it came: a large number, keys in their order.
  public static func members(_ bytes: [UInt8]) throws(JSONParseError) -> [Member] {
    var reader = JSONParser(bytes: bytes)
    reader.skipSpace()
    guard reader.index < bytes.count, bytes[reader.index] == 0x7B else {
      throw reader.failure("not an object")
    }
    reader.index += 1
    reader.depth = 1
    var members: [Member] = []
    reader.skipSpace()
    if reader.index < bytes.count, bytes[reader.index] == 0x7D {
      reader.index += 1
    } else {
      while true {
        reader.skipSpace()
        guard reader.index < bytes.count, bytes[reader.index] == 0x22 else {
          throw reader.failure("a key must be a string")
        }
        let key = try reader.string()
        reader.skipSpace()
        guard reader.index < bytes.count, bytes[reader.index] == 0x3A else {
          throw reader.failure("':' expected")
        }
        reader.index += 1
        reader.skipSpace()
        let start = reader.index
        let value = try reader.value()
        members.append(Member(key: key, value: value, text: start..<reader.index))
        reader.skipSpace()
        guard reader.index < bytes.count else { throw reader.failure("an object left open") }
        if bytes[reader.index] == 0x2C {
          reader.index += 1
          continue
        }
        guard bytes[reader.index] == 0x7D else { throw reader.failure("',' or '}' expected") }
        reader.index += 1
        break
      }
    }
    reader.skipSpace()
    guard reader.index == bytes.count else { throw reader.failure("text after the value") }
    return members
  }

  private init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  private func failure(_ problem: String) -> JSONParseError {
    JSONParseError(offset: index, problem: problem)
  }

  private mutating func skipSpace() {
    while index < bytes.count,
      bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09
    {
      index += 1
    }
  }

  private mutating func value() throws(JSONParseError) -> JSONValue {
    guard index < bytes.count else { throw failure("the text ends where a value should be") }
    switch bytes[index] {
    case 0x7B: return try object()
    case 0x5B: return try array()
    case 0x22: return .string(try string())
    case 0x74:
      try word("true")
      return .bool(true)
    case 0x66:
      try word("false")
      return .bool(false)
    case 0x6E:
      try word("null")
      return .null
    case 0x2D, 0x30...0x39: return .number(try number())
    default: throw failure("no value starts with this byte")
    }
  }

  private mutating func word(_ text: StaticString) throws(JSONParseError) {
    let count = text.utf8CodeUnitCount
    guard index + count <= bytes.count else { throw failure("a cut-off literal") }
    for offset in 0..<count where bytes[index + offset] != text.utf8Start[offset] {
      throw failure("not a literal")
    }
    index += count
  }

  private mutating func nested() throws(JSONParseError) {
    depth += 1
    guard depth <= Self.maxDepth else { throw failure("nested deeper than \(Self.maxDepth)") }
  }

  private mutating func object() throws(JSONParseError) -> JSONValue {
    try nested()
    index += 1
    var members: [String: JSONValue] = [:]
    skipSpace()
    if index < bytes.count, bytes[index] == 0x7D {
      index += 1
      depth -= 1
      return .object(members)
    }
    while true {
      skipSpace()
      guard index < bytes.count, bytes[index] == 0x22 else {
        throw failure("a key must be a string")
      }
      let key = try string()
      skipSpace()
      guard index < bytes.count, bytes[index] == 0x3A else { throw failure("':' expected") }
      index += 1
      skipSpace()
      if depth == 1, key == keptAsWritten, index < bytes.count,
        bytes[index] == 0x2D || (0x30...0x39).contains(bytes[index])
      {
        let start = index
        try skipNumber()
        members[key] = .written(String(decoding: bytes[start..<index], as: UTF8.self))
      } else {
        members[key] = try value()
      }
      skipSpace()
      guard index < bytes.count else { throw failure("an object left open") }
      if bytes[index] == 0x2C {
        index += 1
        continue
      }
      guard bytes[index] == 0x7D else { throw failure("',' or '}' expected") }
      index += 1
      depth -= 1
      return .object(members)
    }
  }

  private mutating func array() throws(JSONParseError) -> JSONValue {
    try nested()
    index += 1
    var elements: [JSONValue] = []
    skipSpace()
    if index < bytes.count, bytes[index] == 0x5D {
      index += 1
      depth -= 1
      return .array(elements)
    }
    while true {
      skipSpace()
      elements.append(try value())
      skipSpace()
      guard index < bytes.count else { throw failure("an array left open") }
      if bytes[index] == 0x2C {
        index += 1
        continue
      }
      guard bytes[index] == 0x5D else { throw failure("',' or ']' expected") }
      index += 1
      depth -= 1
      return .array(elements)
    }
  }

  private mutating func number() throws(JSONParseError) -> Double {
    let start = index
    try skipNumber()
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    guard let value = Double(text) else { throw failure("not a number") }
    return value
  }

  /// Reads past a number as JSON writes it.
  private mutating func skipNumber() throws(JSONParseError) {
    if bytes[index] == 0x2D { index += 1 }
    func digits() -> Int {
      let from = index
      while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
      return index - from
    }
    let whole = index
    guard digits() > 0 else { throw failure("a number without digits") }
    guard bytes[whole] != 0x30 || index - whole == 1 else {
      throw failure("a number with a leading 0")
    }
    if index < bytes.count, bytes[index] == 0x2E {
      index += 1
      guard digits() > 0 else { throw failure("no digits after '.'") }
    }
    if index < bytes.count, bytes[index] == 0x65 || bytes[index] == 0x45 {
      index += 1
      if index < bytes.count, bytes[index] == 0x2B || bytes[index] == 0x2D { index += 1 }
      guard digits() > 0 else { throw failure("no digits in the exponent") }
    }
  }

  private mutating func string() throws(JSONParseError) -> String {
    index += 1
    let start = index
    // Most strings have no escape: they are decoded straight from the bytes.
    index = plainEnd(from: index)
    guard index < bytes.count else { throw failure("a string left open") }
    if bytes[index] == 0x22 {
      index += 1
      return String(decoding: bytes[start..<index - 1], as: UTF8.self)
    }
    // With escapes: the UTF-8 decoded into one buffer, no longer than the
    // string as written (an escape stands for fewer bytes than it takes),
    // the runs between escapes copied whole, and made a String once.
    let capacity = closingEnd(from: index) - start + 8
    let utf8 = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
    defer { utf8.deallocate() }
    var length = 0
    copy(start..<index, to: utf8)
    length = index - start
    while true {
      guard index < bytes.count else { throw failure("a string left open") }
      let byte = bytes[index]
      if byte == 0x22 {
        index += 1
        return String(decoding: UnsafeBufferPointer(start: utf8, count: length), as: UTF8.self)
      }
      if byte < 0x20 { throw failure("a control character in a string") }
      guard byte == 0x5C else {
        let end = plainEnd(from: index)
        precondition(length + end - index <= capacity)
        copy(index..<end, to: utf8 + length)
        length += end - index
        index = end
        continue
      }
      index += 1
      let scalar = try escaped()
      precondition(length + 4 <= capacity)
      if scalar.isASCII {
        utf8[length] = UInt8(truncatingIfNeeded: scalar.value)
        length += 1
      } else {
        UTF8.encode(scalar) { unit in
          utf8[length] = unit
          length += 1
        }
      }
    }
  }

  /// Where the string whose escape or control character is at `start`
  /// ends at the latest: its closing quote, the first control character
  /// or the end of the text (escapes passed over whole).
  private func closingEnd(from start: Int) -> Int {
    var at = start
    while true {
      at = plainEnd(from: at)
      guard at < bytes.count, bytes[at] == 0x5C else { return at }
      at = min(at + 2, bytes.count)
    }
  }

  /// Copies the bytes in `range` to `target`.
  private func copy(_ range: Range<Int>, to target: UnsafeMutablePointer<UInt8>) {
    guard !range.isEmpty else { return }
    bytes.withUnsafeBufferPointer { all in
      target.update(from: all.baseAddress! + range.lowerBound, count: range.count)
    }
  }

  /// Where the run of bytes from `start` that need no look in a string
  /// ends: at a quote, a backslash, a control character or the end.
  private func plainEnd(from start: Int) -> Int {
    bytes.withUnsafeBufferPointer { JSONBytes.plainEnd($0, from: start) }
  }

  /// The scalar the escape after a backslash stands for.
  private mutating func escaped() throws(JSONParseError) -> Unicode.Scalar {
    guard index < bytes.count else { throw failure("a string left open") }
    let escaped = bytes[index]
    index += 1
    switch escaped {
    case 0x22: return "\""
    case 0x5C: return "\\"
    case 0x2F: return "/"
    case 0x62: return "\u{08}"
    case 0x66: return "\u{0C}"
    case 0x6E: return "\n"
    case 0x72: return "\r"
    case 0x74: return "\t"
    case 0x75:
      let unit = try hex()
      var scalar = Unicode.Scalar(unit) ?? "\u{FFFD}"
      if (0xD800..<0xDC00).contains(unit), index + 1 < bytes.count, bytes[index] == 0x5C,
        bytes[index + 1] == 0x75
      {
        let mark = index
        index += 2
        let low = try hex()
        if (0xDC00..<0xE000).contains(low) {
          scalar = Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))!
        } else {
          // A lone high surrogate, then another escape read on its own.
          index = mark
        }
      }
      return scalar
    default: throw failure("an unknown escape")
    }
  }

  private mutating func hex() throws(JSONParseError) -> UInt32 {
    guard index + 4 <= bytes.count else { throw failure("a cut-off \\u escape") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[index]
      let digit: UInt8
      switch byte {
      case 0x30...0x39: digit = byte - 0x30
      case 0x41...0x46: digit = byte - 0x41 + 10
      case 0x61...0x66: digit = byte - 0x61 + 10
      default: throw failure("not a hex digit")
      }
      value = value << 4 | UInt32(digit)
      index += 1
    }
    return value
  }
}
