/// A cheap look at how deeply an HTML text nests its elements, before it is
/// parsed.
///
/// gumbo checks the stack of open elements on every tag, so a page of
/// 100,000 nested `<div>`s takes it minutes; browsers stop nesting at a few
/// hundred (Blink at 512). This scan counts start and end tags, leaving out
/// void elements and those whose end tag is optional (`<p>`, `<li>`, `<td>`…,
/// which the parser closes by itself), comments and the text of `<script>`,
/// `<style>`, `<textarea>` and `<title>`. It can only overcount where a page
/// leaves a `<div>` open, which a browser nests too.
package enum NestingProbe {
  /// The deepest nesting the scan finds, stopping early past `limit`.
  package static func depth(of bytes: Span<UInt8>, limit: Int) -> Int {
    bytes.withUnsafeBufferPointer { depth(of: $0, limit: limit) }
  }

  /// The same over a buffer, for this module's own callers.
  static func depth(of bytes: UnsafeBufferPointer<UInt8>, limit: Int) -> Int {
    var depth = 0
    var deepest = 0
    var index = 0
    let count = bytes.count
    while index < count {
      guard bytes[index] == 0x3C else {  // <
        index += 1
        continue
      }
      index += 1
      if index + 2 < count, bytes[index] == 0x21, bytes[index + 1] == 0x2D, bytes[index + 2] == 0x2D
      {
        index = find(Array("-->".utf8), in: bytes, from: index)
        continue
      }
      let closing = index < count && bytes[index] == 0x2F
      if closing { index += 1 }
      let start = index
      while index < count, isNameByte(bytes[index]) { index += 1 }
      guard index > start, index - start <= 16 else { continue }
      let name = String(decoding: bytes[start..<index].map { $0 | 0x20 }, as: UTF8.self)
      // The end of the tag, and whether it closes itself.
      var end = index
      while end < count, bytes[end] != 0x3E { end += 1 }
      let selfClosing = end > 0 && end < count && bytes[end - 1] == 0x2F
      index = min(end + 1, count)
      if ignored.contains(name) || selfClosing { continue }
      if closing {
        depth = max(depth - 1, 0)
      } else {
        if rawText.contains(name) {
          index = find(Array("</\(name)".utf8), in: bytes, from: index)
          continue
        }
        depth += 1
        deepest = max(deepest, depth)
        if deepest > limit { return deepest }
      }
    }
    return deepest
  }

  private static func isNameByte(_ byte: UInt8) -> Bool {
    (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte)
      || byte == 0x2D
  }

  /// The offset just past `needle` (ASCII, matched in any case) from
  /// `start`, or the end.
  private static func find(_ needle: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, from start: Int)
    -> Int
  {
    guard !needle.isEmpty else { return start }
    var index = start
    while index + needle.count <= bytes.count {
      var matched = true
      for offset in 0..<needle.count where bytes[index + offset] | 0x20 != needle[offset] | 0x20 {
        matched = false
        break
      }
      if matched { return index + needle.count }
      index += 1
    }
    return bytes.count
  }

  /// Void elements, and elements whose end tag may be left out.
  static let ignored: Set<String> = [
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track",
    "wbr",
    "param", "keygen", "frame", "basefont", "bgsound", "image", "menuitem",
    "p", "li", "dt", "dd", "tr", "td", "th", "option", "optgroup", "thead", "tbody", "tfoot",
    "colgroup",
    "caption", "rb", "rt", "rtc", "rp", "head", "body", "html",
  ]

  /// Elements whose content is text, not tags.
  static let rawText: Set<String> = [
    "script", "style", "textarea", "title", "xmp", "plaintext", "noembed",
  ]
}
