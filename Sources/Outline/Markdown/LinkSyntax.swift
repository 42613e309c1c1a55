/// How the parts of a Markdown link are written, read from the bytes as
/// CommonMark reads them: a label's closing bracket, an inline link's
/// destination and title up to its `)`, and the reference definitions a
/// paragraph begins with (which cmark takes out of the paragraph).
///
/// Line endings inside these parts may be followed by a later line's
/// indentation and quote marks (`>`), which belong to the containers.
enum LinkSyntax {
  /// The longest label CommonMark allows, in bytes between the brackets.
  static let labelLimit = 999

  /// The unescaped `]` that closes a label whose text starts at `start`;
  /// nil when an unescaped `[` or a blank line comes first, or the label
  /// is too long.
  static func closingBracket(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to limit: Int)
    -> Int?
  {
    var at = start
    while at < limit, at - start <= labelLimit {
      switch bytes[at] {
      case 0x5C: at += 2
      case 0x5B: return nil
      case 0x5D: return at
      case 0x0A where isBlankLine(bytes, from: at + 1, to: limit): return nil
      default: at += 1
      }
    }
    return nil
  }

  /// A reference definition as written: `[label]: destination "title"`.
  struct Definition: Equatable {
    /// Its `[`.
    var start: Int
    /// The label's bytes, between the brackets.
    var label: Range<Int>
    /// The destination's bytes (inside `<…>` when written so).
    var destination: Range<Int>
    /// The start of the line after it.
    var end: Int
  }

  /// After an inline link's `(` at `start - 1`: the byte after its `)`
  /// and the destination's bytes, when a destination, an optional title
  /// and the `)` follow.
  static func inlineTail(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to limit: Int)
    -> (end: Int, destination: Range<Int>)?
  {
    var at = space(bytes, from: start, to: limit)
    guard at < limit else { return nil }
    var written = at..<at
    if bytes[at] != 0x29 {
      guard let end = destination(bytes, from: at, to: limit, mayBeEmpty: true) else { return nil }
      written = inside(at..<end, of: bytes)
      at = end
      let gap = space(bytes, from: at, to: limit)
      if gap > at, let title = title(bytes, from: gap, to: limit) { at = title }
      at = space(bytes, from: at, to: limit)
    }
    return at < limit && bytes[at] == 0x29 ? (at + 1, written) : nil
  }

  /// The reference definitions at `start`, one after another, each on
  /// lines of its own (a paragraph's own text begins after the last).
  static func definitions(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to limit: Int)
    -> [Definition]
  {
    var found: [Definition] = []
    var at = start
    while let definition = definition(bytes, from: at, to: limit) {
      found.append(definition)
      at = lineContent(bytes, from: definition.end, to: limit)
    }
    return found
  }

  /// Where a paragraph's own text begins after the definitions that open
  /// it (cmark takes them out of the paragraph).
  static func textStart(
    after definitions: [Definition], bytes: UnsafeBufferPointer<UInt8>, from start: Int,
    to limit: Int
  ) -> Int {
    definitions.last.map { lineContent(bytes, from: $0.end, to: limit) } ?? start
  }

  /// One reference definition at `start`.
  private static func definition(
    _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to limit: Int
  ) -> Definition? {
    guard start < limit, bytes[start] == 0x5B, start + 1 < limit, bytes[start + 1] != 0x5E,
      let close = closingBracket(bytes, from: start + 1, to: limit),
      (start + 1..<close).contains(where: { !isWhiteSpace(bytes[$0]) }),
      close + 1 < limit, bytes[close + 1] == 0x3A
    else { return nil }
    let opening = space(bytes, from: close + 2, to: limit)
    guard let end = destination(bytes, from: opening, to: limit, mayBeEmpty: false) else {
      return nil
    }
    let written = inside(opening..<end, of: bytes)
    let afterDestination = restOfLine(bytes, from: end, to: limit)
    let gap = space(bytes, from: end, to: limit)
    if gap > end, let title = title(bytes, from: gap, to: limit),
      let afterTitle = restOfLine(bytes, from: title, to: limit)
    {
      return Definition(
        start: start, label: (start + 1)..<close, destination: written, end: afterTitle)
    }
    guard let afterDestination else { return nil }
    return Definition(
      start: start, label: (start + 1)..<close, destination: written, end: afterDestination)
  }

  /// A destination's bytes without the angle brackets it may be written in.
  private static func inside(_ range: Range<Int>, of bytes: UnsafeBufferPointer<UInt8>) -> Range<
    Int
  > {
    guard range.count >= 2, bytes[range.lowerBound] == 0x3C else { return range }
    return (range.lowerBound + 1)..<(range.upperBound - 1)
  }

  /// A destination at `start`: `<…>` on one line, or bytes other than
  /// white space and controls with balanced parentheses.
  private static func destination(
    _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to limit: Int, mayBeEmpty: Bool
  ) -> Int? {
    guard start < limit else { return mayBeEmpty ? start : nil }
    var at = start
    if bytes[at] == 0x3C {
      at += 1
      while at < limit {
        switch bytes[at] {
        case 0x5C: at += 2
        case 0x3E: return at + 1
        case 0x3C, 0x0A, 0x0D: return nil
        default: at += 1
        }
      }
      return nil
    }
    var depth = 0
    while at < limit, bytes[at] > 0x20, bytes[at] != 0x7F {
      if bytes[at] == 0x5C, at + 1 < limit, InlineCursor.isPunctuation(bytes[at + 1]) {
        at += 2
        continue
      }
      if bytes[at] == 0x28 { depth += 1 }
      if bytes[at] == 0x29 {
        if depth == 0 { break }
        depth -= 1
      }
      at += 1
    }
    guard depth == 0, at > start || mayBeEmpty else { return nil }
    return at
  }

  /// A title at `start`: `"…"`, `'…'` or `(…)`, with no blank line; the
  /// byte after its closing mark.
  private static func title(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to limit: Int)
    -> Int?
  {
    guard start < limit else { return nil }
    let open = bytes[start]
    let closer: UInt8
    switch open {
    case 0x22, 0x27: closer = open
    case 0x28: closer = 0x29
    default: return nil
    }
    var at = start + 1
    while at < limit {
      switch bytes[at] {
      case 0x5C: at += 2
      case closer: return at + 1
      case 0x28 where open == 0x28: return nil
      case 0x0A where isBlankLine(bytes, from: at + 1, to: limit): return nil
      default: at += 1
      }
    }
    return nil
  }

  /// White space with at most one line ending, and after it the next
  /// line's indentation and quote marks.
  private static func space(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to limit: Int)
    -> Int
  {
    var at = start
    while at < limit, bytes[at] == 0x20 || bytes[at] == 0x09 || bytes[at] == 0x0D { at += 1 }
    guard at < limit, bytes[at] == 0x0A else { return at }
    return lineContent(bytes, from: at + 1, to: limit)
  }

  /// The first byte of a line's content: past its indentation and the
  /// quote marks of the block quotes it stands in.
  private static func lineContent(
    _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to limit: Int
  )
    -> Int
  {
    var at = start
    while at < limit, bytes[at] == 0x20 || bytes[at] == 0x09 || bytes[at] == 0x3E { at += 1 }
    return at
  }

  /// The start of the next line when only white space stands between
  /// `start` and the line's end; nil otherwise.
  private static func restOfLine(
    _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to limit: Int
  )
    -> Int?
  {
    var at = start
    while at < limit, bytes[at] == 0x20 || bytes[at] == 0x09 || bytes[at] == 0x0D { at += 1 }
    guard at < limit else { return limit }
    return bytes[at] == 0x0A ? at + 1 : nil
  }

  private static func isBlankLine(
    _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to limit: Int
  )
    -> Bool
  {
    var at = start
    while at < limit,
      bytes[at] == 0x20 || bytes[at] == 0x09 || bytes[at] == 0x0D || bytes[at] == 0x3E
    {
      at += 1
    }
    return at >= limit || bytes[at] == 0x0A
  }

  private static func isWhiteSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }
}
