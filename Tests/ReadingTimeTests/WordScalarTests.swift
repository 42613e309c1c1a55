import Testing

@testable import ReadingTime

/// The classes word counting knows without Unicode properties are the ones
/// the properties give, for every scalar the quick path answers.
@Suite struct WordScalarTests {
  @Test func theQuickClassIsTheLookedUpOne() {
    var answered = 0
    for value in UInt32(0x80)..<0x10000 {
      guard let scalar = Unicode.Scalar(value), let quick = WordScalar.quick(value) else {
        continue
      }
      answered += 1
      #expect(quick == WordScalar.looked(up: scalar), "U+\(String(value, radix: 16))")
    }
    #expect(answered > 1000)
  }
}
