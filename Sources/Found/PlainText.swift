/// Titles as plain text: white space collapsed to single spaces, trimmed,
/// zero-width spaces dropped.
package enum PlainText {
  /// `bytes` decoded as UTF-8 (invalid sequences as U+FFFD), with every run
  /// of white space turned into one space and none at either end.
  package static func collapsed(_ bytes: [UInt8]) -> String {
    collapsed(String(decoding: bytes, as: UTF8.self))
  }

  /// `text` with every run of white space turned into one space and none at
  /// either end. Built as bytes: a ten-megabyte heading is read in a blink.
  package static func collapsed(_ text: String) -> String {
    var result: [UInt8] = []
    result.reserveCapacity(text.utf8.count)
    var pendingSpace = false
    for scalar in text.unicodeScalars {
      let value = scalar.value
      let isSpace =
        value < 0x80
        ? value == 0x20 || (0x09...0x0D).contains(value)
        : scalar.properties.isWhitespace
      if isSpace {
        pendingSpace = !result.isEmpty
        continue
      }
      // Zero-width spaces, word joiners and byte order marks take no room
      // and only get in the way of matching a title; joiners shape the
      // letters and emoji around them and stay.
      if value == 0x200B || value == 0x2060 || value == 0xFEFF { continue }
      if pendingSpace {
        result.append(0x20)
        pendingSpace = false
      }
      if value < 0x80 {
        result.append(UInt8(value))
      } else {
        result.append(contentsOf: UTF8.encode(scalar)!)
      }
    }
    return String(decoding: result, as: UTF8.self)
  }
}
