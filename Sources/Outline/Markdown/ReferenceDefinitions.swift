import Found

/// The reference definitions of a document (`[label]: destination`), which
/// cmark reads but leaves out of its tree, found in the bytes: those that
/// open a paragraph (the inline cursor reads them there) and those on the
/// lines no block stands on (a paragraph of definitions alone is dropped
/// whole).
enum ReferenceDefinitions {
  /// The definitions on the lines of `scope` that no range of `covered`
  /// (the document's lines, 1-based) holds.
  static func outside(
    _ covered: [ClosedRange<Int>], in bytes: UnsafeBufferPointer<UInt8>, scope: Range<Int>,
    lines: LineIndex
  ) -> [LinkSyntax.Definition] {
    guard !scope.isEmpty else { return [] }
    let taken = merged(covered)
    var found: [LinkSyntax.Definition] = []
    var line = lines.line(ofOffset: scope.lowerBound)
    let last = lines.line(ofOffset: scope.upperBound - 1)
    var next = 0
    while line <= last {
      while next < taken.count && taken[next].upperBound < line { next += 1 }
      if next < taken.count && taken[next].contains(line) {
        line = taken[next].upperBound + 1
        continue
      }
      // The uncovered lines run to the next covered one.
      let runEnd =
        next < taken.count ? lines.offset(ofLine: taken[next].lowerBound) : scope.upperBound
      let limit = min(runEnd, scope.upperBound)
      var start = max(lines.offset(ofLine: line), scope.lowerBound)
      // cmark passes over a byte order mark at the very start.
      if start == 0, bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
        start = 3
      }
      let content = contentStart(bytes, from: start, to: limit)
      if content + 1 < limit, bytes[content] == 0x5B, bytes[content + 1] == 0x5E {
        // A footnote no mark uses, which cmark leaves out: its paragraph
        // runs to the next blank line, or to the next block cmark found
        // (a fence or a heading after it ends it).
        line += 1
        while line <= last, lines.offset(ofLine: line) < runEnd,
          !isBlank(bytes, line: line, lines: lines)
        {
          line += 1
        }
        continue
      }
      let definitions = LinkSyntax.definitions(bytes, from: content, to: limit)
      found += definitions
      line =
        definitions.last.map { lines.line(ofOffset: max($0.end - 1, $0.start)) + 1 } ?? line + 1
    }
    return found
  }

  /// The definitions as links of their own, their destinations read as
  /// cmark reads them (backslash escapes and character references
  /// resolved, `%XX` kept).
  static func links(_ definitions: [LinkSyntax.Definition], in bytes: UnsafeBufferPointer<UInt8>)
    -> [FoundLink]
  {
    definitions.map { definition in
      var link = FoundLink(
        destination: destination(bytes[definition.destination]), kind: .definition,
        offset: definition.start)
      link.label = Array(bytes[definition.label])
      link.labelRange = definition.label
      link.destinationRange = definition.destination
      return link
    }
  }

  /// A destination's text with its escapes resolved.
  static func destination(_ written: Slice<UnsafeBufferPointer<UInt8>>) -> String {
    var out: [UInt8] = []
    var at = written.startIndex
    while at < written.endIndex {
      let byte = written[at]
      if byte == 0x5C, at + 1 < written.endIndex, InlineCursor.isPunctuation(written[at + 1]) {
        out.append(written[at + 1])
        at += 2
      } else if byte == 0x26,
        let end = InlineCursor.entityEnd(written.base, at, written.endIndex),
        let decoded = decodedReference(written[(at + 1)..<(end - 1)])
      {
        out += decoded.utf8
        at = end
      } else {
        out.append(byte)
        at += 1
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// The text of a character reference's body (`amp`, `#38`, `#x26`);
  /// nil for a name this short list does not hold, which stays as written.
  private static func decodedReference(_ body: Slice<UnsafeBufferPointer<UInt8>>) -> String? {
    let text = String(decoding: body, as: UTF8.self)
    if text.hasPrefix("#") {
      let isHex = text.dropFirst().first.map { $0 == "x" || $0 == "X" } ?? false
      let value = UInt32(text.dropFirst(isHex ? 2 : 1), radix: isHex ? 16 : 10) ?? 0xFFFD
      return String(Unicode.Scalar(value == 0 ? 0xFFFD : value) ?? "\u{FFFD}")
    }
    let named = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}"]
    return named[text]
  }

  /// Past the marks of the containers a line stands in: indentation, `>`,
  /// and list markers (`-`, `*`, `+`, `1.`, `1)` and a space).
  private static func contentStart(
    _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to limit: Int
  )
    -> Int
  {
    var at = start
    while at < limit {
      let byte = bytes[at]
      if byte == 0x20 || byte == 0x09 || byte == 0x3E {
        at += 1
      } else if byte == 0x2D || byte == 0x2A || byte == 0x2B, at + 1 < limit,
        bytes[at + 1] == 0x20 || bytes[at + 1] == 0x09
      {
        at += 2
      } else if (0x30...0x39).contains(byte) {
        var digits = at
        while digits < limit, digits - at < 9, (0x30...0x39).contains(bytes[digits]) { digits += 1 }
        guard digits + 1 < limit, bytes[digits] == 0x2E || bytes[digits] == 0x29,
          bytes[digits + 1] == 0x20 || bytes[digits + 1] == 0x09
        else { return at }
        at = digits + 2
      } else {
        return at
      }
    }
    return at
  }

  /// True when the document's `line` holds only white space and quote
  /// marks.
  private static func isBlank(_ bytes: UnsafeBufferPointer<UInt8>, line: Int, lines: LineIndex)
    -> Bool
  {
    let end = min(lines.offset(ofLine: line + 1), bytes.count)
    return bytes[lines.offset(ofLine: line)..<end].allSatisfy {
      $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0x3E
    }
  }

  /// The ranges sorted, with those that overlap or touch joined.
  private static func merged(_ ranges: [ClosedRange<Int>]) -> [ClosedRange<Int>] {
    var result: [ClosedRange<Int>] = []
    for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
      if let last = result.last, range.lowerBound <= last.upperBound + 1 {
        result[result.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
      } else {
        result.append(range)
      }
    }
    return result
  }
}
