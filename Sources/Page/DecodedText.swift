/// A document's text turned into UTF-8 from another encoding, and the way
/// back from its offsets to the document's own: a page lays out the UTF-8
/// and its lines still name the document's bytes.
struct DecodedText {
  /// The text in UTF-8.
  let utf8: [UInt8]
  /// The document's offset of a UTF-8 offset.
  let rawOffset: (Int) -> Int

  /// Decoded text from its parts.
  init(utf8: [UInt8], rawOffset: @escaping (Int) -> Int) {
    self.utf8 = utf8
    self.rawOffset = rawOffset
  }
}
