import JSONRPC
import Testing

/// Messages framed by their Content-Length: whole from any pieces, and
/// bad headers an error.
@Suite struct FramingTests {
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
}
