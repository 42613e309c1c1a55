import Found
import Slugs

/// The ways a Markdown heading asks to be left out of contents lists: the
/// comment `<!-- omit from toc -->` (or `in toc`) at the end of its line or
/// on the line before it, and kramdown's and pandoc's `.no_toc` class, in
/// `{: .no_toc}` on the line after it or `{.no_toc}` at the end of its line.
enum TocOmission {
  /// Marks the headings that ask to be left out.
  static func mark(
    _ headings: inout [FoundHeading], bytes: UnsafeBufferPointer<UInt8>, lines: LineIndex
  ) {
    for index in headings.indices where !headings[index].omitted {
      headings[index].omitted = asked(by: headings[index], bytes: bytes, lines: lines)
    }
  }

  static func asked(
    by heading: FoundHeading, bytes: UnsafeBufferPointer<UInt8>, lines: LineIndex
  ) -> Bool {
    let source = heading.text.source
    // Every mark ends in `>` or `}`, or starts its line with `<` or `{`:
    // most headings are passed over without a string made.
    let last = source.utf8.last { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
    if last == 0x3E || last == 0x7D, endsWithComment(source) || endsWithClass(source) {
      return true
    }
    let line = lines.line(ofOffset: heading.offset)
    if line > 1, let before = text(ofLine: line - 1, opening: 0x3C, bytes: bytes, lines: lines),
      isComment(before[...])
    {
      return true
    }
    // The line after the heading: an ATX heading is one line, a setext
    // heading its text lines and the underline.
    let firstByte = bytes[heading.offset..<min(bytes.count, lines.offset(ofLine: line + 1))]
      .first { $0 != 0x20 && $0 != 0x09 && $0 != 0x3E }
    let breaks = source.utf8.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
    let next = line + breaks + (firstByte == 0x23 ? 1 : 2)
    guard next <= lines.lineCount,
      let after = text(ofLine: next, opening: 0x7B, bytes: bytes, lines: lines)
    else { return false }
    return isClass(after[...])
  }

  /// A short line's text, trimmed, when it starts with `opening`; nil for
  /// a long one, which is no mark.
  private static func text(
    ofLine line: Int, opening: UInt8, bytes: UnsafeBufferPointer<UInt8>, lines: LineIndex
  ) -> String? {
    let start = lines.offset(ofLine: line)
    let end = min(lines.offset(ofLine: line + 1), bytes.count)
    guard end > start, end - start <= 200 else { return nil }
    let first = bytes[start..<end].first { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
    guard first == opening else { return nil }
    return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
      .trimming(where: isBlank)
  }

  /// `<!-- omit from toc -->` or `<!-- omit in toc -->`, any case and spacing.
  private static func isComment(_ text: Substring) -> Bool {
    guard text.hasPrefix("<!--"), text.hasSuffix("-->"), text.count >= 7 else { return false }
    let words = text.dropFirst(4).dropLast(3).split(whereSeparator: { $0 == " " || $0 == "\t" })
      .joined(separator: " ").lowercased()
    return words == "omit from toc" || words == "omit in toc"
  }

  private static func endsWithComment(_ source: String) -> Bool {
    let trimmed = source.trimming(where: isBlank)
    guard trimmed.hasSuffix("-->") else { return false }
    // The last `<!--` within a comment's length of the end.
    var start = trimmed.endIndex
    for _ in 0..<40 {
      guard start > trimmed.startIndex else { return false }
      start = trimmed.index(before: start)
      if trimmed[start...].hasPrefix("<!--") { return isComment(trimmed[start...]) }
    }
    return false
  }

  /// An attribute list `{...}` (kramdown's `{: ...}` too) naming the class
  /// `.no_toc`.
  private static func isClass(_ text: Substring) -> Bool {
    guard text.hasPrefix("{"), text.hasSuffix("}") else { return false }
    var inner = text.dropFirst().dropLast()
    if inner.hasPrefix(":") { inner = inner.dropFirst() }
    return inner.split(whereSeparator: { $0 == " " || $0 == "\t" }).contains(".no_toc")
  }

  private static func endsWithClass(_ source: String) -> Bool {
    let trimmed = source.trimming(where: isBlank)
    guard trimmed.hasSuffix("}"), let open = trimmed.lastIndex(of: "{") else { return false }
    return isClass(trimmed[open...])
  }

  private static func isBlank(_ scalar: Unicode.Scalar) -> Bool {
    scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r"
  }
}
