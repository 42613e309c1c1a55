/// How a Markdown link or image is written, read from the document's bytes
/// at the link's first byte: its text in brackets, then `(destination
/// "title")`, `[label]`, `[]` or nothing.
///
/// The outline says where a link starts and what its destination is once
/// cmark has resolved escapes and entities; an editor needs where the
/// destination is written (`<path with spaces>`, `\(escapes\)`, on a line
/// of its own), and for a reference-style link where its label is. Read as
/// CommonMark writes them: brackets balance, a backslash escapes, a code
/// span hides brackets, a destination may follow `(` after one line ending.
struct WrittenLink: Equatable {
  /// The bytes between the text's brackets.
  var text: Range<Int>
  /// The destination as written, inside its angle brackets if it has
  /// them; nil for a reference-style link.
  var destination: Range<Int>?
  /// True when the destination is written in angle brackets.
  var isAngled = false
  /// A reference-style link's label, inside its brackets: `[text][label]`'s
  /// label, the text of `[label][]` and `[label]`.
  var label: Range<Int>?
}

enum LinkSyntax {
  /// The longest link text read (cmark reads further; an editor's link
  /// is far shorter).
  static let longest = 1 << 16

  /// The link or image whose `[` (or `!`) is at `start`; nil when the
  /// bytes there are no link.
  static func read(_ bytes: [UInt8], at start: Int) -> WrittenLink? {
    var open = start
    if open < bytes.count, bytes[open] == 0x21 { open += 1 }
    guard open < bytes.count, bytes[open] == 0x5B, let close = closingBracket(bytes, from: open)
    else { return nil }
    let text = (open + 1)..<close
    let after = close + 1
    if after < bytes.count, bytes[after] == 0x28,
      let (destination, angled) = destination(bytes, from: after + 1)
    {
      return WrittenLink(text: text, destination: destination, isAngled: angled)
    }
    if after < bytes.count, bytes[after] == 0x5B, let end = labelEnd(bytes, from: after + 1) {
      let label = (after + 1)..<end
      return WrittenLink(text: text, label: label.isEmpty ? text : label)
    }
    return WrittenLink(text: text, label: text)
  }

  /// The `]` that closes the `[` at `open`: brackets balance, a backslash
  /// escapes the byte after it, a code span's brackets do not count, and
  /// a blank line ends the search.
  static func closingBracket(_ bytes: [UInt8], from open: Int) -> Int? {
    var depth = 0
    var index = open
    let limit = min(bytes.count, open + longest)
    var blank = false
    while index < limit {
      let byte = bytes[index]
      switch byte {
      case 0x5C:
        index += 1
      case 0x60:
        index = codeSpanEnd(bytes, from: index, before: limit)
        continue
      case 0x5B:
        depth += 1
      case 0x5D:
        depth -= 1
        if depth == 0 { return index }
      case 0x0A, 0x0D:
        if blank { return nil }
        blank = true
        if byte == 0x0D, index + 1 < limit, bytes[index + 1] == 0x0A { index += 1 }
        index += 1
        continue
      case 0x20, 0x09:
        index += 1
        continue
      default:
        break
      }
      blank = false
      index += 1
    }
    return nil
  }

  /// Past the code span whose backticks start at `start`; past the
  /// backticks alone when no run of as many closes it.
  private static func codeSpanEnd(_ bytes: [UInt8], from start: Int, before limit: Int) -> Int {
    var run = start
    while run < limit && bytes[run] == 0x60 { run += 1 }
    let count = run - start
    var index = run
    while index < limit {
      guard bytes[index] == 0x60 else {
        index += 1
        continue
      }
      var end = index
      while end < limit && bytes[end] == 0x60 { end += 1 }
      if end - index == count { return end }
      index = end
    }
    return run
  }

  /// Where a label that opens before `start` ends (its `]`): no
  /// unescaped `[` in it, at most 999 bytes.
  static func labelEnd(_ bytes: [UInt8], from start: Int) -> Int? {
    var index = start
    while index < min(bytes.count, start + 1000) {
      switch bytes[index] {
      case 0x5C: index += 1
      case 0x5B: return nil
      case 0x5D: return index
      default: break
      }
      index += 1
    }
    return nil
  }

  /// The destination that follows `(` (at `start`): after white space and
  /// at most one line ending (a continuation line's quote marks too), a
  /// `<…>` destination (its inside) or a run without white space whose
  /// parentheses balance; empty before `)`.
  static func destination(_ bytes: [UInt8], from start: Int) -> (Range<Int>, angled: Bool)? {
    var index = skipSpace(bytes, from: start)
    guard index < bytes.count else { return nil }
    if bytes[index] == 0x3C {
      let inside = index + 1
      index = inside
      while index < bytes.count {
        switch bytes[index] {
        case 0x5C: index += 1
        case 0x3E: return (inside..<index, true)
        case 0x3C, 0x0A, 0x0D: return nil
        default: break
        }
        index += 1
      }
      return nil
    }
    let first = index
    var depth = 0
    while index < bytes.count, bytes[index] > 0x20, bytes[index] != 0x7F {
      if bytes[index] == 0x5C {
        index += 2
        continue
      }
      if bytes[index] == 0x28 { depth += 1 }
      if bytes[index] == 0x29 {
        if depth == 0 { break }
        depth -= 1
      }
      index += 1
    }
    return (first..<min(index, bytes.count), false)
  }

  /// Past spaces and tabs from `start`, and past one line ending and the
  /// spaces, tabs and quote marks that begin the next line.
  static func skipSpace(_ bytes: [UInt8], from start: Int) -> Int {
    var index = start
    while index < bytes.count && (bytes[index] == 0x20 || bytes[index] == 0x09) { index += 1 }
    guard index < bytes.count, bytes[index] == 0x0A || bytes[index] == 0x0D else { return index }
    if bytes[index] == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
    index += 1
    while index < bytes.count, [0x20, 0x09, 0x3E].contains(bytes[index]) { index += 1 }
    return index
  }

  /// The destination written in `range` as cmark gives it: backslash
  /// escapes of punctuation resolved, white space at the ends trimmed.
  static func unescaped(_ bytes: [UInt8], _ range: Range<Int>) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(range.count)
    var index = range.lowerBound
    while index < range.upperBound {
      let byte = bytes[index]
      if byte == 0x5C, index + 1 < range.upperBound, isPunctuation(bytes[index + 1]) {
        out.append(bytes[index + 1])
        index += 2
        continue
      }
      out.append(byte)
      index += 1
    }
    while let last = out.last, last == 0x20 || last == 0x09 { out.removeLast() }
    let lead = out.prefix { $0 == 0x20 || $0 == 0x09 }.count
    return String(decoding: out.dropFirst(lead), as: UTF8.self)
  }

  /// True when `written` (bytes of the document) is `destination` as cmark
  /// gives it; an entity (`&amp;`) is taken on trust.
  static func writes(_ destination: String, _ bytes: [UInt8], _ written: Range<Int>) -> Bool {
    unescaped(bytes, written) == destination || bytes[written].contains(0x26)
  }

  /// ASCII punctuation, which a backslash escapes.
  static func isPunctuation(_ byte: UInt8) -> Bool {
    (0x21...0x2F).contains(byte) || (0x3A...0x40).contains(byte) || (0x5B...0x60).contains(byte)
      || (0x7B...0x7E).contains(byte)
  }
}
