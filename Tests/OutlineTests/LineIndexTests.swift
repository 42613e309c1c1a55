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
}
