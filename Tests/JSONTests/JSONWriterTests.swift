import JSON
import Testing

/// The one JSON writer: its escapes, its numbers, and the commas it puts
/// between members and elements.
@Suite struct JSONWriterTests {
  /// Escaped scalar by scalar, as RFC 8259 and isle's README say: the
  /// oracle the byte-wise writer is held to.
  static func escapedScalars(_ text: String) -> String {
    var result = ""
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
    return result
  }

  @Test func escapesStrings() throws {
    #expect(JSONWriter.quoted("a\"b\\c\n\u{1}") == "\"a\\\"b\\\\c\\n\\u0001\"")
    let scalars =
      (0..<0x80).map { UnicodeScalar($0)! } + [
        "\u{85}", "\u{A0}", "é", "\u{2027}", "\u{2028}", "\u{2029}", "\u{202A}", "😀", "日",
      ]
    for scalar in scalars {
      let text = "a" + String(scalar) + "b"
      let escaped = Self.escapedScalars(text)
      let name = "U+\(String(scalar.value, radix: 16))"
      // The shortcut (no escaping needed) is taken exactly when escaping
      // would change nothing.
      #expect(JSONWriter.needsEscaping(text) == (escaped != text), "\(name)")
      #expect(JSONWriter.quoted(text) == "\"" + escaped + "\"", "\(name)")
    }
  }

  /// Long texts go eight bytes at a time: every escape at every place in
  /// a word comes out as the scalar-wise oracle writes it.
  @Test func escapesLongTextsAsScalarsDo() throws {
    let pieces = [
      "a", "é", "\u{2028}", "\u{2029}", "\u{2027}", "\"", "\\", "\n", "\u{7F}", "日", "😀",
    ]
    var state: UInt64 = 29
    for _ in 0..<300 {
      var text = ""
      for _ in 0..<40 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        text += pieces[Int(state >> 33) % pieces.count]
      }
      #expect(JSONWriter.quoted(text) == "\"" + Self.escapedScalars(text) + "\"")
    }
  }

  @Test func writesNumbersShortly() throws {
    #expect(JSONWriter.number(0) == "0")
    #expect(JSONWriter.number(1) == "1")
    #expect(JSONWriter.number(0.625) == "0.625")
    #expect(Double(JSONWriter.number(1.0 / 3.0)) == 1.0 / 3.0)
    #expect(JSONWriter.number(-0.0) == "0")
  }

  @Test func putsCommasBetweenMembersAndElementsOnly() throws {
    var json = JSONWriter()
    json.open()
    json.add("a", 1)
    json.key("b")
    json.openArray()
    for index in 0..<3 {
      json.element()
      json.open()
      json.add("i", index)
      json.key("e")
      json.openArray()
      json.closeArray()
      json.close()
    }
    json.element()
    json.string("s")
    json.closeArray()
    json.key("c")
    json.open()
    json.close()
    json.add("d", nil as String?)
    json.add("f", true)
    json.add("g", pair: (1, 2))
    json.add("h", strings: ["x", "y\n"])
    json.close()
    #expect(
      json.text
        == #"{"a":1,"b":[{"i":0,"e":[]},{"i":1,"e":[]},{"i":2,"e":[]},"s"],"c":{},"d":null,"#
        + #""f":true,"g":[1,2],"h":["x","y\n"]}"#)
  }

  @Test func writesValuesWithTheirKeysSorted() throws {
    let value = JSONValue.object([
      "b": .array([.int(1), .null, .string("é")]), "a": .object([:]), "c": .bool(false),
      "d": .written("[7]"),
    ])
    #expect(value.text == #"{"a":{},"b":[1,null,"é"],"c":false,"d":[7]}"#)
  }
}

/// A text handed over a stretch at a time reads back whole, wherever the
/// stretches end: after every byte, inside objects, arrays and nesting.
@Suite struct JSONWriterHandOverTests {
  /// A value of every shape: objects in arrays in objects, empty ones,
  /// strings that need escaping, members after each kind of value.
  static let sample: JSONValue = .object([
    "a": .array([.number(1), .object([:]), .array([]), .string("x\"\n"), .bool(true)]),
    "b": .object(["c": .array([.object(["d": .null, "e": .number(2.5)]), .number(3)])]),
    "f": .string("é\u{2028}"),
    "g": .array([.array([.array([.number(4)]), .number(5)]), .object(["h": .number(6)])]),
  ])

  /// Writes `sample`'s structure member by member, handing the text over
  /// whenever `limit` bytes stand written: every limit from 1 byte up.
  @Test func readsBackWholeAtEveryHandOver() throws {
    var whole = JSONWriter()
    whole.value(Self.sample)
    let expected = whole.text
    for limit in 1...(expected.utf8.count + 1) {
      var output = ""
      var writer = JSONWriter()
      write(Self.sample, to: &writer) { $0.handOver(over: limit, to: &output) }
      output += writer.take()
      #expect(output == expected, "handed over at \(limit) bytes")
      #expect(writer.depth == 0)
      #expect(try JSONParser.parse(Array(output.utf8)) == Self.sample, "handed over at \(limit) bytes")
    }
  }

  /// Sections written as DocumentJSON writes them, handed over after each:
  /// thousands of them read back as an array of that many.
  @Test func manyElementsHandedOverKeepTheirCommas() throws {
    var output = ""
    var writer = JSONWriter(capacity: 64)
    writer.open()
    writer.key("sections")
    writer.openArray()
    for number in 0..<5000 {
      writer.element()
      writer.open()
      writer.add("number", number)
      writer.add("title", String(repeating: "t", count: number % 37))
      writer.close()
      writer.handOver(over: 100, to: &output)
    }
    writer.closeArray()
    writer.add("count", 5000)
    writer.close()
    output += writer.take()
    let value = try JSONParser.parse(Array(output.utf8))
    guard case .object(let members) = value, case .array(let sections)? = members["sections"] else {
      Issue.record("not an object with sections: \(output.prefix(80))")
      return
    }
    #expect(sections.count == 5000)
    #expect(members["count"] == .number(5000))
  }

  /// `value`'s structure written call by call, `after` called after every
  /// member and element, so a hand-over can fall anywhere.
  private func write(
    _ value: JSONValue, to writer: inout JSONWriter, after: (inout JSONWriter) -> Void
  ) {
    switch value {
    case .array(let elements):
      writer.openArray()
      after(&writer)
      for element in elements {
        writer.element()
        after(&writer)
        write(element, to: &writer, after: after)
        after(&writer)
      }
      writer.closeArray()
    case .object(let members):
      writer.open()
      after(&writer)
      for key in members.keys.sorted() {
        writer.key(text: key)
        after(&writer)
        write(members[key]!, to: &writer, after: after)
        after(&writer)
      }
      writer.close()
    default:
      writer.value(value)
    }
    after(&writer)
  }
}
