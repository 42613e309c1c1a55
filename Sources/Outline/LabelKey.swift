/// A key that link labels cmark matches share: white space collapsed and
/// trimmed, case folded (Swift's full case mapping standing in for
/// utf8proc's folding). It may join a few labels cmark keeps apart, which
/// only costs a probe's certainty.
enum LabelKey {
  /// The key of `text`; ASCII text without building a `String` twice.
  static func of<Bytes: Collection>(_ text: Bytes) -> String where Bytes.Element == UInt8 {
    guard text.allSatisfy({ $0 < 0x80 }) else {
      return String(decoding: text, as: UTF8.self).split(whereSeparator: \.isWhitespace)
        .joined(separator: " ").uppercased().lowercased()
    }
    var key: [UInt8] = []
    key.reserveCapacity(text.count)
    var space = false
    for byte in text {
      if byte == 0x20 || (0x09...0x0D).contains(byte) {
        space = !key.isEmpty
        continue
      }
      if space {
        key.append(0x20)
        space = false
      }
      key.append(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte)
    }
    return String(decoding: key, as: UTF8.self)
  }
}
