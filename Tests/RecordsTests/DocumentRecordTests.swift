import JSON
import Records
import Testing

/// A line of `--records` input read into a document, or why it is none.
@Suite struct DocumentRecordTests {
  func record(_ text: String, line: Int = 1) -> Result<DocumentRecord, RecordError> {
    DocumentRecord.read(Array(text.utf8), line: line)
  }

  @Test func theOtherMembersAreCarriedAsWritten() throws {
    let read = try record(
      ##"{"id": 12345678901234567890, "path":"a.md","z":[1, {"b":2}],"text":"A\n=\n","a":"\u00e9"}"##
    ).get()
    #expect(read.path == "a.md")
    #expect(read.text == Array("A\n=\n".utf8))
    // Keys in their order, values byte for byte: a number no double holds.
    #expect(read.meta == ##"{"id":12345678901234567890,"z":[1, {"b":2}],"a":"\u00e9"}"##)
    #expect(try record(##"{"path":"a.md","text":""}"##).get().meta == "{}")
  }

  @Test(arguments: [
    (##"{"path":"a.md","text":"x""##, "not a JSON object: an object left open at byte 26"),
    (##"["a.md"]"##, "not a JSON object: not an object at byte 1"),
    (##"{"text":"x"}"##, ##"no "path""##),
    (##"{"path":3,"text":"x"}"##, ##""path" is not a non-empty string"##),
    (##"{"path":"a.md"}"##, ##"no "text""##),
    (##"{"path":"a.md","text":null}"##, ##""text" is not a string"##),
  ])
  func aBadLineSaysWhy(_ text: String, _ reason: String) {
    guard case .failure(let problem) = record(text, line: 7) else {
      Issue.record("read: \(text)")
      return
    }
    #expect(problem.line == 7)
    #expect(problem.reason == reason)
  }

  @Test func theErrorRecordNamesTheLineThePathAndTheMeta() throws {
    guard case .failure(let problem) = record(##"{"path":"a.md","id":4}"##, line: 3) else {
      Issue.record("read")
      return
    }
    let json = String(decoding: problem.json, as: UTF8.self)
    #expect(json == ##"{"path":"a.md","line":3,"error":"no \"text\"","meta":{"id":4}}"## + "\n")
    #expect(problem.message == ##"isle: error: <stdin>:3: a.md: no "text""##)
  }

  @Test func membersKeepTheirOrderAndTheirBytes() throws {
    let bytes = Array(##" { "b" : 1.50 , "a":[ ] } "##.utf8)
    let members = try JSONParser.members(bytes)
    #expect(members.map(\.key) == ["b", "a"])
    #expect(members.map { String(decoding: bytes[$0.text], as: UTF8.self) } == ["1.50", "[ ]"])
    #expect(throws: JSONParseError.self) { try JSONParser.members(Array("{} x".utf8)) }
  }
}
