import TestSupport
import Testing

@testable import Outline

@Suite struct LineIndexTests {
  @Test func endsLinesAtLFCRLFAndLoneCR() throws {
    let index = LineIndex(Array("a\nb\r\nc\rd".utf8))
    #expect(index.starts == [0, 2, 5, 7])
    #expect(index.lineCount == 4)
    #expect(index.offset(ofLine: 3) == 5)
    #expect(index.line(ofOffset: 4) == 2)
    #expect(index.line(ofOffset: 5) == 3)
  }

  /// Large documents are scanned a stretch at a time, line feeds found by
  /// memchr where a stretch holds no carriage return: the same starts as
  /// one byte at a time, with a CRLF and a lone CR at a stretch's edge.
  @Test func stretchesAgreeWithAByteAtATime() throws {
    let step = Outliner.releaseStep
    var bytes = [UInt8](repeating: 0x61, count: 3 * step + 100)
    for index in stride(from: 37, to: step - 10, by: 91) { bytes[index] = 0x0A }
    bytes[step - 1] = 0x0D  // CRLF across the first edge
    bytes[step] = 0x0A
    for index in stride(from: step + 50, to: 2 * step - 10, by: 77) { bytes[index] = 0x0A }
    bytes[2 * step - 1] = 0x0D  // a lone CR at the second edge
    bytes[3 * step + 5] = 0x0D
    bytes[3 * step + 6] = 0x0A
    var expected = [0]
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      index += byte == 0x0D && index + 1 < bytes.count && bytes[index + 1] == 0x0A ? 2 : 1
      if (byte == 0x0A || byte == 0x0D) && index < bytes.count { expected.append(index) }
    }
    #expect(LineIndex(bytes).starts == expected)
  }

  @Test func aFinalLineEndingOpensNoLine() throws {
    #expect(LineIndex(Array("a\nb\n".utf8)).lineCount == 2)
    #expect(LineIndex(Array("a\nb".utf8)).lineCount == 2)
    #expect(LineIndex(Array("\n".utf8)).lineCount == 1)
    #expect(LineIndex(Array("\r\n\r\n".utf8)).lineCount == 2)
  }

  @Test func anEmptyDocumentHasNoLines() throws {
    let index = LineIndex([])
    #expect(index.lineCount == 0)
    #expect(index.offset(ofLine: 1) == 0)
    #expect(index.line(ofOffset: 0) == 1)
  }

  @Test func linesPastTheEndStartAtTheEnd() throws {
    let index = LineIndex(Array("ab\ncd\n".utf8))
    #expect(index.offset(ofLine: 3) == 6)
    #expect(index.line(ofOffset: 6) == 2)
  }

  /// The lines after an edit, found around it alone, are the lines of the
  /// new text: random edits of line endings and text, at the ends too.
  @Test func anEditedIndexIsTheNewTextsIndex() {
    var random = SplitMix(state: 21)
    let pieces: [[UInt8]] = [[0x0A], [0x0D], [0x0D, 0x0A], [0x61], [0x61, 0x0A, 0x62], []]
    for _ in 0..<3000 {
      var bytes: [UInt8] = []
      for _ in 0..<Int.random(in: 0...8, using: &random) {
        bytes += pieces.randomElement(using: &random)!
      }
      var index = LineIndex(bytes)
      for _ in 0..<4 {
        let start = Int.random(in: 0...bytes.count, using: &random)
        let end = Int.random(in: start...bytes.count, using: &random)
        let inserted =
          pieces.randomElement(using: &random)! + pieces.randomElement(using: &random)!
        bytes.replaceSubrange(start..<end, with: inserted)
        index = index.edited(replacing: start..<end, with: inserted.count, in: bytes)
        #expect(index == LineIndex(bytes), "\(bytes) after \(start)..<\(end) → \(inserted)")
        if index != LineIndex(bytes) { return }
      }
    }
  }
}
