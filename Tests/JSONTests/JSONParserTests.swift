import JSON
import TestSupport
import Testing

/// JSON parsed as RFC 8259 allows, refused where it does not, and written
/// back to the same value.
@Suite struct JSONParserTests {
  @Test func jsonReadsWhatRFC8259Allows() throws {
    let text =
      #" {"a": [1, -2.5e3, true, false, null], "b": "x\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00", "c": {}} "#
    let value = try JSONParser.parse(Array(text.utf8))
    #expect(value["a"] == .array([.int(1), .number(-2500), .bool(true), .bool(false), .null]))
    #expect(value["b"]?.string == "x\"\\/\u{08}\u{0C}\n\r\té😀")
    #expect(value["c"] == .object([:]))
    // A lone surrogate is U+FFFD, as a browser reads it.
    #expect(try JSONParser.parse(Array(#""\ud800x""#.utf8)) == .string("\u{FFFD}x"))
  }

  @Test(arguments: [
    "", "{", "[1,]", "{\"a\" 1}", "01", "1.", "-", "\"\u{01}\"", "\"\\x\"", "tru", "[1] 2",
    "{\"a\":1,}", String(repeating: "[", count: 300) + String(repeating: "]", count: 300),
  ])
  func jsonRefusesWhatItDoesNot(_ text: String) {
    #expect(throws: JSONParseError.self) { try JSONParser.parse(Array(text.utf8)) }
  }

  @Test func jsonWrittenReadsBackTheSame() throws {
    var random = SplitMix(state: 21)
    func value(_ depth: Int) -> JSONValue {
      switch random.next() % (depth > 3 ? 4 : 6) {
      case 0: return .null
      case 1: return .bool(random.next() % 2 == 0)
      case 2: return .number(Double(Int64(bitPattern: random.next()) % 1_000_000) / 8)
      case 3:
        let scalars = (0..<(random.next() % 6)).map { _ in
          ["a", "\"", "\\", "\n", "\u{01}", "é", "😀", "\u{2028}"][Int(random.next() % 8)]
        }
        return .string(scalars.joined())
      case 4: return .array((0..<(random.next() % 4)).map { _ in value(depth + 1) })
      default:
        var members: [String: JSONValue] = [:]
        for index in 0..<(random.next() % 4) { members["k\(index)"] = value(depth + 1) }
        return .object(members)
      }
    }
    for _ in 0..<500 {
      let original = value(0)
      #expect(try JSONParser.parse(Array(original.text.utf8)) == original)
    }
  }
}
