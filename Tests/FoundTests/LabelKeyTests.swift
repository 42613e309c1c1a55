import Testing

@testable import Found

/// A bracketed text's hash, made without building its key, is the hash of
/// the key a definition of the same label gets: otherwise a piece would not
/// be given the definitions its links use.
@Suite struct LabelKeyTests {
  @Test(arguments: [
    "Foo", "  foo   BAR\n baz ", "a\tb", "Straße", "ΑΓΑΠΗ", "Ⅻ σ", "日本語 の リンク",
    "ǅ ǆ", "mixed ASCII and Ünïcödé", "\u{00A0}no-break\u{00A0}", "",
  ])
  func aTextsHashIsItsKeysHash(_ text: String) {
    let bytes = Array(text.utf8)
    let hashed = bytes.withUnsafeBufferPointer { LabelKey.hash(of: $0) }
    #expect(hashed == LabelKey.hash(ofKey: LabelKey.of(bytes)))
  }

  @Test func labelsCmarkMatchesShareAKey() {
    #expect(LabelKey.of(Array("Foo  Bar".utf8)) == LabelKey.of(Array("foo bar".utf8)))
    #expect(LabelKey.of(Array("STRASSE".utf8)) == LabelKey.of(Array("straße".utf8)))
    #expect(LabelKey.of(Array("ΑΓΑΠΗ".utf8)) == LabelKey.of(Array("αγαπη".utf8)))
    #expect(LabelKey.of(Array(" Ünï\ncödé ".utf8)) == "ünï cödé")
    // Folded, not lowercased: the capital sharp s too.
    #expect(LabelKey.of(Array("ẞ".utf8)) == LabelKey.of(Array("ß".utf8)))
    #expect(LabelKey.of(Array("ẞ".utf8)) == LabelKey.of(Array("SS".utf8)))
    // cmark reads NUL and invalid UTF-8 as U+FFFD.
    #expect(LabelKey.of([0x5E, 0x00]) == LabelKey.of([0x5E, 0xEB]))
    #expect(LabelKey.of([0x5E, 0x00]) == LabelKey.of(Array("^\u{FFFD}".utf8)))
  }

  @Test(arguments: [[0x5E, 0x00], [0x61, 0x00, 0x62], [0x5E, 0xEB]] as [[UInt8]])
  func aTextWithNulOrInvalidBytesHashesAsItsKey(_ bytes: [UInt8]) {
    let hashed = bytes.withUnsafeBufferPointer { LabelKey.hash(of: $0) }
    #expect(hashed == LabelKey.hash(ofKey: LabelKey.of(bytes)))
  }

  @Test func differentLabelsHaveDifferentHashes() {
    let one = Array("foo".utf8).withUnsafeBufferPointer { LabelKey.hash(of: $0) }
    let other = Array("fob".utf8).withUnsafeBufferPointer { LabelKey.hash(of: $0) }
    #expect(one != other)
  }
}
