/// Titles as plain text: white space collapsed to single spaces, trimmed,
/// zero-width spaces dropped.
enum PlainText {
  /// `bytes` decoded as UTF-8 (invalid sequences as U+FFFD), with every run
  /// of white space turned into one space and none at either end.
  static func collapsed(_ bytes: [UInt8]) -> String {
    collapsed(String(decoding: bytes, as: UTF8.self))
  }

  /// `text` with every run of white space turned into one space and none at
  /// either end.
  static func collapsed(_ text: String) -> String {
    var result = String.UnicodeScalarView()
    var pendingSpace = false
    for scalar in text.unicodeScalars {
      // Zero-width spaces, word joiners and byte order marks take no room
      // and only get in the way of matching a title; joiners shape the
      // letters and emoji around them and stay.
      if scalar.value == 0x200B || scalar.value == 0x2060 || scalar.value == 0xFEFF { continue }
      if scalar.properties.isWhitespace {
        pendingSpace = !result.isEmpty
        continue
      }
      if pendingSpace {
        result.append(" ")
        pendingSpace = false
      }
      result.append(scalar)
    }
    return String(result)
  }
}
