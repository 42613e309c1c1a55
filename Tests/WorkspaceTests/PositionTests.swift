import TestSupport
import Testing

@testable import Workspace

/// Positions in UTF-16 units, as the protocol counts them, on lines ended
/// any way, and edits applied in them.
@Suite struct PositionTests {
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
