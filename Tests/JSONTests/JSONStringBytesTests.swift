import JSON
import Testing

/// JSON strings read and written a run at a time: held to references that
/// go a byte at a time, on generated texts of every kind of byte an
/// escape is about (quotes, backslashes, controls, NUL, DEL, U+2028 and
/// U+2029 whole and cut, invalid UTF-8) between runs of plain text long
/// and short.
@Suite struct JSONStringBytesTests {
  /// The pieces texts are made of.
  static let pieces: [[UInt8]] = [
    [0x61], Array("plain text that runs on".utf8), Array(String(repeating: "x", count: 300).utf8),
    [0x22], [0x5C], [0x00], [0x01], [0x08], [0x09], [0x0A], [0x0C], [0x0D], [0x1F], [0x7F],
    [0x2F], [0xE2, 0x80, 0xA8], [0xE2, 0x80, 0xA9], [0xE2, 0x80, 0xA7], [0xE2, 0x80], [0xE2],
    [0x80, 0xA8], [0xC3, 0xA9], [0xE6, 0x97, 0xA5], [0xF0, 0x9F, 0x98, 0x80], [0xFF], [0xC0, 0x80],
    [0xED, 0xA0, 0x80], Array("“quoted”".utf8),
  ]

  /// Texts of up to `length` pieces, drawn the same way every run.
  static func texts(count: Int, length: Int, seed: UInt64) -> [[UInt8]] {
    var state = seed
    func next() -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(state >> 33)
    }
    return (0..<count).map { _ in
      (0..<(next() % length)).flatMap { _ in pieces[next() % pieces.count] }
    }
  }

  /// Escaped a byte at a time as the README says: quotes, backslashes,
  /// controls, DEL, U+2028 and U+2029; every other byte as it is.
  static func escaped(_ text: [UInt8]) -> [UInt8] {
    var result: [UInt8] = [0x22]
    var index = 0
    while index < text.count {
      let byte = text[index]
      var escape: String? = nil
      switch byte {
      case 0x22: escape = "\\\""
      case 0x5C: escape = "\\\\"
      case 0x0A: escape = "\\n"
      case 0x0D: escape = "\\r"
      case 0x09: escape = "\\t"
      case 0..<0x20, 0x7F:
        let hex = String(byte, radix: 16)
        escape = "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      case 0xE2:
        if index + 2 < text.count, text[index + 1] == 0x80, text[index + 2] == 0xA8 {
          escape = "\\u2028"
        } else if index + 2 < text.count, text[index + 1] == 0x80, text[index + 2] == 0xA9 {
          escape = "\\u2029"
        }
        if escape != nil { index += 2 }
      default: break
      }
      if let escape { result += Array(escape.utf8) } else { result.append(byte) }
      index += 1
    }
    return result + [0x22]
  }

  @Test func writesEveryByteAsTheReferenceDoes() {
    for text in Self.texts(count: 2000, length: 24, seed: 7) {
      var writer = JSONWriter()
      writer.string(utf8: text.span)
      #expect(writer.bytes == Self.escaped(text), "\(text)")
    }
  }

  /// A text that ends with one written before comes out the same as
  /// written afresh, whatever comes before it (even a cut U+2028).
  @Test func writesATextGivenTwiceAsWrittenOnce() {
    let texts = Self.texts(count: 600, length: 12, seed: 11)
    for (text, before) in zip(texts, texts.reversed()) {
      for prefix in [before, before + [0xE2], before + [0xE2, 0x80], []] {
        let embed = prefix + text
        var fresh = JSONWriter()
        fresh.open()
        fresh.add("text", utf8: text.span)
        fresh.add("embed", utf8: embed.span)
        fresh.close()
        var twice = JSONWriter()
        twice.open()
        let at = twice.add("text", utf8: text.span)
        twice.add("embed", utf8: embed.span, endingWith: text.span, at: at)
        twice.close()
        #expect(twice.bytes == fresh.bytes, "\(prefix) \(text)")
      }
    }
  }

  /// Read a byte at a time: the string at the start of `json` (after its
  /// quote), or the offset of the byte it fails at.
  enum Reading {
    case success(String)
    case failure(Int)
  }

  static func read(_ json: [UInt8]) -> Reading {
    var utf8: [UInt8] = []
    var index = 1
    // Four hex digits, or nil with `index` at the first that is none.
    func hex() -> UInt32? {
      guard index + 4 <= json.count else { return nil }
      var value: UInt32 = 0
      for _ in 0..<4 {
        guard let digit = UInt32(String(UnicodeScalar(json[index])), radix: 16) else { return nil }
        value = value << 4 | digit
        index += 1
      }
      return value
    }
    while index < json.count {
      let byte = json[index]
      if byte == 0x22 { return .success(String(decoding: utf8, as: UTF8.self)) }
      if byte < 0x20 { return .failure(index) }
      index += 1
      guard byte == 0x5C else {
        utf8.append(byte)
        continue
      }
      guard index < json.count else { return .failure(index) }
      let escaped = json[index]
      index += 1
      let simple: [UInt8: UInt8] = [
        0x22: 0x22, 0x5C: 0x5C, 0x2F: 0x2F, 0x62: 8, 0x66: 12, 0x6E: 10, 0x72: 13, 0x74: 9,
      ]
      if let byte = simple[escaped] {
        utf8.append(byte)
        continue
      }
      guard escaped == 0x75, let unit = hex() else { return .failure(index) }
      var scalar = Unicode.Scalar(unit) ?? "\u{FFFD}"
      if (0xD800..<0xDC00).contains(unit), index + 1 < json.count, json[index] == 0x5C,
        json[index + 1] == 0x75
      {
        let mark = index
        index += 2
        guard let low = hex() else { return .failure(index) }
        if (0xDC00..<0xE000).contains(low) {
          scalar = Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))!
        } else {
          index = mark
        }
      }
      utf8 += Array(String(scalar).utf8)
    }
    return .failure(index)
  }

  /// JSON strings as written, and as an encoder might write them: every
  /// escape JSON has, surrogates whole and lone, raw bytes of every kind.
  @Test func readsEveryStringAsTheReferenceDoes() throws {
    let escapes: [[UInt8]] = [
      "\\\"", "\\\\", "\\/", "\\b", "\\f", "\\n", "\\r", "\\t", "\\u0000", "\\u00e9", "\\u2028",
      "\\ud83d\\ude00", "\\ud83d", "\\ude00", "\\ud83d\\u0041", "\\u00E9", "\\x", "\\u12",
    ].map { Array($0.utf8) }
    var state: UInt64 = 5
    for text in Self.texts(count: 2000, length: 24, seed: 3) {
      var written = JSONWriter()
      written.string(utf8: text.span)
      var json = written.bytes
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      // Some with an escape put in, some cut short, some with a raw control.
      let at = 1 + Int(state >> 33) % max(json.count - 1, 1)
      switch Int(state >> 40) % 4 {
      case 0: json.insert(contentsOf: escapes[Int(state >> 45) % escapes.count], at: at)
      case 1: json = Array(json[..<at])
      case 2: json.insert(UInt8(truncatingIfNeeded: state >> 50) % 0x20, at: at)
      default: break
      }
      let expected = Self.read(json)
      switch expected {
      case .success(let string):
        let end = json.firstIndex(of: 0x22, after: 0, skippingEscapes: true)
        let whole = Array(json[...end])
        #expect(try JSONParser.parse(whole) == .string(string), "\(json)")
      case .failure(let offset):
        #expect(throws: JSONParseError.self) { try JSONParser.parse(json) }
        do {
          _ = try JSONParser.parse(json)
        } catch {
          #expect(error.offset == offset, "\(json)")
        }
      }
    }
  }
}

extension Array where Element == UInt8 {
  /// The index of the quote that closes the string opening at `start`.
  fileprivate func firstIndex(of quote: UInt8, after start: Int, skippingEscapes: Bool) -> Int {
    var index = start + 1
    while self[index] != quote { index += self[index] == 0x5C ? 2 : 1 }
    return index
  }
}
