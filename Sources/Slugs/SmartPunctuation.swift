/// Typographic punctuation as pandoc's `smart` extension and kramdown's
/// typographic symbols make it, as far as ids can tell: `---` an em dash,
/// `--` an en dash, `...` an ellipsis, read left to right (`----` is an em
/// dash and a `-`). Both tools do this in text only, never inside a code
/// span, so `` `--dry-run` `` keeps its dashes.
///
/// Quotes become curly too, and kramdown's `<<` a guillemet, but every id
/// rule drops those either way, so they are left as written.
enum SmartPunctuation {
  private static let dash: UInt8 = 0x2D
  private static let dot: UInt8 = 0x2E
  private static let emDash = Array("\u{2014}".utf8)
  private static let enDash = Array("\u{2013}".utf8)
  private static let ellipsis = Array("\u{2026}".utf8)

  /// Whether `bytes` read as text hold anything that becomes typographic.
  static func changes(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var index = 0
    while index + 1 < bytes.count {
      if bytes[index] == dash, bytes[index + 1] == dash { return true }
      if index + 2 < bytes.count, bytes[index] == dot, bytes[index + 1] == dot,
        bytes[index + 2] == dot
      {
        return true
      }
      index += 1
    }
    return false
  }

  /// Appends `bytes` to `output` with the typographic punctuation made.
  static func append(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == dash, index + 1 < bytes.count, bytes[index + 1] == dash {
        let isEm = index + 2 < bytes.count && bytes[index + 2] == dash
        output.append(contentsOf: isEm ? emDash : enDash)
        index += isEm ? 3 : 2
      } else if byte == dot, index + 2 < bytes.count, bytes[index + 1] == dot,
        bytes[index + 2] == dot
      {
        output.append(contentsOf: ellipsis)
        index += 3
      } else {
        output.append(byte)
        index += 1
      }
    }
  }
}
