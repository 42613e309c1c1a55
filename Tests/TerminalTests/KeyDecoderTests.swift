import Testing

@testable import Terminal

@Suite struct KeyDecoderTests {
  @Test func decodesKeysSequencesAndMouse() throws {
    var decoder = KeyDecoder()
    let bytes = Array(
      "\u{1B}[A\u{1B}[B\u{1B}OC\u{1B}[D\u{1B}[5~\u{1B}[6~\u{1B}[H\u{1B}[4~\r \u{7F}é\u{3}".utf8)
    #expect(
      decoder.feed(bytes) == [
        .key(.up), .key(.down), .key(.right), .key(.left), .key(.pageUp), .key(.pageDown),
        .key(.home),
        .key(.end), .key(.enter), .key(.space), .key(.backspace), .key(.character("é")),
        .key(.interrupt),
      ])
    #expect(
      decoder.feed(Array("\u{1B}[<0;12;7M\u{1B}[<64;1;1M\u{1B}[12;3R".utf8)) == [
        .mouse(button: 0, column: 12, row: 7, pressed: true),
        .mouse(button: 64, column: 1, row: 1, pressed: true),
        .cursor(row: 12, column: 3),
      ])
  }

  @Test func controlLettersAreKeysOfTheirOwn() throws {
    var decoder = KeyDecoder()
    #expect(
      decoder.feed([0x04, 0x15, 0x06, 0x09, 0x03, 0x00]) == [
        .key(.control("d")), .key(.control("u")), .key(.control("f")), .key(.tab),
        .key(.interrupt),
      ])
  }

  @Test func aSequenceSplitAcrossReadsWaits() throws {
    var decoder = KeyDecoder()
    #expect(decoder.feed([0x1B]).isEmpty)
    #expect(decoder.feed(Array("[".utf8)).isEmpty)
    #expect(decoder.feed(Array("B".utf8)) == [.key(.down)])
    #expect(decoder.feed([0xC3]).isEmpty)
    #expect(decoder.feed([0xA9]) == [.key(.character("é"))])
  }

  @Test func aLoneEscapeIsTheEscapeKeyAfterAPause() throws {
    var decoder = KeyDecoder()
    #expect(decoder.feed([0x1B]).isEmpty)
    #expect(decoder.flush() == [.key(.escape)])
    #expect(decoder.feed(Array("\u{1B}q".utf8)) == [.key(.escape), .key(.character("q"))])
  }
}
