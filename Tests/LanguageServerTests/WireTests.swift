@testable import Workspace
import JSON
import JSONRPC
import TestSupport
import Testing

@testable import LanguageServer

/// What the server reads and writes: JSON, the framing, and positions in
/// UTF-16 units.
@Suite struct WireTests {
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

  @Test func framesComeWholeFromAnyPieces() throws {
    let stream =
      MessageFramer.frame("{\"a\":1}")
      + Array("content-length:  2\r\nContent-Type: x\r\n\r\n[]".utf8)
      + MessageFramer.frame("\"é\"")
    for cut in 0...stream.count {
      var framer = MessageFramer()
      var bodies: [String] = []
      for piece in [stream[..<cut], stream[cut...]] {
        framer.append(piece)
        while let body = try framer.next() { bodies.append(String(decoding: body, as: UTF8.self)) }
      }
      #expect(bodies == ["{\"a\":1}", "[]", "\"é\""])
    }
  }

  @Test(arguments: ["Content-Type: x\r\n\r\n{}", "Content-Length: -1\r\n\r\n", "nonsense\r\n\r\n"])
  func framingErrorsAreErrors(_ text: String) {
    var framer = MessageFramer()
    framer.append(Array(text.utf8))
    #expect(throws: FramingError.self) { try framer.next() }
  }

  @Test func positionsCountUTF16UnitsOnLinesEndedAnyWay() {
    let text = TextLines(Array("a😀b\r\néx\rlast".utf8))
    #expect(text.offset(of: TextPosition(line: 0, character: 3)) == 5)
    #expect(text.position(of: 5) == TextPosition(line: 0, character: 3))
    // Inside a surrogate pair: the character's start; past the end: the end.
    #expect(text.offset(of: TextPosition(line: 0, character: 2)) == 1)
    #expect(text.offset(of: TextPosition(line: 0, character: 99)) == 6)
    #expect(text.offset(of: TextPosition(line: 1, character: 1)) == 10)
    #expect(text.offset(of: TextPosition(line: 2, character: 4)) == text.bytes.count)
    #expect(text.offset(of: TextPosition(line: 9, character: 0)) == text.bytes.count)
    #expect(TextLines(Array("a\n".utf8)).position(of: 2) == TextPosition(line: 1, character: 0))
  }

  /// Random edits in UTF-16 ranges, applied by the server's document and
  /// by Swift's own UTF-16 view, agree.
  @Test func editsAgreeWithSwiftsUTF16View() throws {
    var random = SplitMix(state: 2026)
    let pieces = ["a", "é", "😀", "\n", "\r\n", "# H\n", "中", " "]
    for _ in 0..<200 {
      var model = (0..<(random.next() % 30)).map { _ in pieces[Int(random.next() % 8)] }.joined()
      var document = OpenDocument(
        uri: "file:///a.md", path: "/a.md", version: 1, text: TextLines(Array(model.utf8)))
      for _ in 0..<5 {
        let units = Array(model.utf16)
        var a = Int(random.next() % UInt64(units.count + 1))
        var b = Int(random.next() % UInt64(units.count + 1))
        if a > b { swap(&a, &b) }
        // Whole characters only, as an editor sends.
        let indices = model.indices.map { $0.utf16Offset(in: model) } + [units.count]
        a = indices.last { $0 <= a }!
        b = indices.first { $0 >= b }!
        let insert = pieces[Int(random.next() % 8)]
        let lines = document.text
        let start = lines.position(of: String(model.utf16.prefix(a))!.utf8.count)
        let end = lines.position(of: String(model.utf16.prefix(b))!.utf8.count)
        document.apply(TextChange(range: TextRange(start: start, end: end), text: insert))
        model =
          String(model.utf16.prefix(a))! + insert + String(model.utf16.dropFirst(b))!
        #expect(document.text.bytes == Array(model.utf8))
      }
    }
  }
}
