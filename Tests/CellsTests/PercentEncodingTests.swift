import Foundation
import Cells
import Testing

@Suite struct PercentEncodingTests {
  @Test func onlyTheReservedAreEncodedAndTheTextReadsBack() {
    #expect(PercentEncoding.escaped("a/b%c d", reserving: ["%", "/"]) == "a%2Fb%25c d")
    #expect(PercentEncoding.escaped("x\r\ny:z", reserving: ["%", "\r", "\n", ":"]) == "x%0D%0Ay%3Az")
    // A reserved scalar beyond ASCII is its UTF-8 bytes; text with none
    // reserved is itself.
    #expect(PercentEncoding.escaped("ü", reserving: ["%", "ü"]) == "%C3%BC")
    #expect(PercentEncoding.escaped("plain", reserving: ["%"]) == "plain")
    let text = "50% /of/ it"
    let encoded = PercentEncoding.escaped(text, reserving: ["%", "/", " "])
    #expect(encoded.removingPercentEncoding == text)
  }
}
