/// Where a block's inline nodes are written in the document's bytes, found
/// by following the nodes through the block's source in order.
///
/// cmark's inline positions cannot be trusted: a link spanning lines is
/// given its closing line with its opening column, a newline inside a
/// destination or title is not counted, a paragraph that begins with
/// reference definitions counts its lines from the first definition, and
/// continuation lines lose their indentation and quote marks. The nodes
/// themselves are right, and they come in the order they are written: each
/// text is matched against the bytes (escapes, entities, emphasis marks,
/// line prefixes passed over), each link's syntax read from its `[` to its
/// `)` or `]`. When the bytes stop agreeing with the nodes the cursor is
/// lost for the rest of the block, and the caller falls back on cmark's
/// positions.
struct InlineCursor {
  /// How a link in progress is written, known at its opening.
  private enum Opening {
    case bracket(open: Int)
    case angle
    case bare
  }

  /// How a bracketed link ended: what decides its kind and label.
  struct Closing {
    var isReference: Bool
    /// Where the label of a reference-style link is written (the link's
    /// text for `[label][]` and `[label]`).
    var label: Range<Int>? = nil
    /// An inline link's destination as written.
    var destination: Range<Int>? = nil
  }

  private let bytes: UnsafeBufferPointer<UInt8>
  /// The next byte to read; nil outside a block of inline content, or
  /// once the bytes and the nodes disagree.
  private var position: Int?
  /// Where the block ends (where its last line ends).
  private var limit = 0
  private var openings: [Opening] = []
  /// Where the last table cell's content ended, while its row goes on:
  /// the next cell begins after the `|` that follows (cmark's columns for
  /// a cell count from the row's first non-blank byte, and lose a byte
  /// for each escaped `\|` before it).
  private var cellEnd: Int? = nil
  /// The reference definitions that opened the blocks begun so far, which
  /// cmark takes out of them.
  var definitions: [LinkSyntax.Definition] = []

  init(bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  /// A block begins at `start` (its first byte as cmark places it) and
  /// ends before `end`; only paragraphs, headings and table cells hold
  /// inline content the cursor follows.
  mutating func begin(_ type: Cmark.NodeType, start: Int, end: Int, isTableCell: Bool) {
    openings = []
    limit = min(end, bytes.count)
    let resume = isTableCell ? cellEnd : nil
    cellEnd = nil
    guard start < limit, type == .paragraph || type == .heading || isTableCell
    else {
      position = nil
      return
    }
    var at = start
    if isTableCell {
      if let resume, case let gap = skip(from: resume, while: Self.isBlank), gap < limit,
        bytes[gap] == 0x7C
      {
        at = gap + 1
      } else {
        at = skip(from: at, while: Self.isBlank)
        if at < limit, bytes[at] == 0x7C { at += 1 }
      }
      position = at
      return
    }
    if type == .heading {
      at = skip(from: at) { $0 == 0x20 || $0 == 0x09 }
      if at < limit, bytes[at] == 0x23 {
        at = skip(from: at) { $0 == 0x23 }
        at = skip(from: at) { $0 == 0x20 || $0 == 0x09 }
      }
    }
    if type != .heading || at == start {
      let found = LinkSyntax.definitions(bytes, from: at, to: limit)
      at = LinkSyntax.textStart(after: found, bytes: bytes, from: at, to: limit)
      definitions += found
    }
    position = at
  }

  /// The block ended; a table cell's row may go on.
  mutating func end(isTableCell: Bool = false) {
    cellEnd = isTableCell ? position : nil
    position = nil
    openings = []
  }

  /// True while the bytes agree with the nodes.
  var isFollowing: Bool { position != nil }

  /// Whether `text` keeps the offset of each `]` it reads as written
  /// (not escaped, not an entity) in `closers`.
  var keepsClosers = false
  var closers: [Int] = []

  /// A text node's literal is read.
  mutating func text(_ literal: UnsafeBufferPointer<UInt8>) {
    guard var at = position else { return }
    var index = 0
    while index < literal.count {
      guard at < limit else { return lose() }
      let byte = bytes[at]
      let wanted = literal[index]
      if byte == 0x26, let entity = Self.entityEnd(bytes, at, limit),
        !literal[index...].starts(with: bytes[at..<entity])
      {
        // An entity cmark decoded; one it did not is matched as written.
        if let length = Self.decodedLength(bytes[at..<entity]) {
          index += length
        } else {
          // A named entity is taken as one character (a few are two: the
          // cursor is then lost, as it finds out at the next byte).
          index += 1
          while index < literal.count, literal[index] & 0xC0 == 0x80 { index += 1 }
        }
        at = entity
      } else if byte == wanted {
        if byte == 0x5D && keepsClosers { closers.append(at) }
        at += 1
        index += 1
      } else if byte == 0x5C, at + 1 < limit, bytes[at + 1] == wanted, Self.isPunctuation(wanted) {
        at += 2
        index += 1
      } else if byte == 0, wanted == 0xEF, index + 2 < literal.count {
        // cmark reads a NUL as U+FFFD.
        at += 1
        index += 3
      } else if Self.isPassedOver(byte) {
        at += 1
      } else {
        return lose()
      }
    }
    position = at
  }

  /// A code span: its backtick run, its text, and the same run again.
  mutating func code() {
    guard var at = position else { return }
    at = skip(from: at, while: Self.isPassedOver)
    let run = skip(from: at) { $0 == 0x60 } - at
    guard run > 0 else { return lose() }
    var scan = at + run
    while scan < limit {
      guard bytes[scan] == 0x60 else {
        scan += 1
        continue
      }
      let closing = skip(from: scan) { $0 == 0x60 }
      if closing - scan == run {
        position = closing
        return
      }
      scan = closing
    }
    lose()
  }

  /// A line break or a soft one: the rest of the line (trailing spaces,
  /// a backslash, the marks that closed emphasis), then the next line.
  mutating func lineBreak() {
    guard var at = position else { return }
    while at < limit, bytes[at] != 0x0A {
      guard bytes[at] == 0x5C || Self.isPassedOver(bytes[at]) else { return lose() }
      at += 1
    }
    position = min(at + 1, limit)
  }

  /// A footnote mark, `[^label]`: where it begins.
  mutating func footnoteReference() {
    guard let at = position.map({ skip(from: $0, while: Self.isPassedOver) }), at < limit,
      bytes[at] == 0x5B, let close = LinkSyntax.closingBracket(bytes, from: at + 1, to: limit)
    else { return lose() }
    position = close + 1
  }

  /// Inline HTML: its literal as written. Returns where it begins.
  mutating func html(_ literal: UnsafeBufferPointer<UInt8>) -> Int? {
    guard let at = position.map({ skip(from: $0, while: Self.isPassedOver) }) else { return nil }
    position = at
    text(literal)
    return position == nil ? nil : at
  }

  /// A link or image opens: where it begins (its `!`, `[`, `<`, or an
  /// autolink's first character).
  mutating func open(isImage: Bool) -> Int? {
    guard let at = position.map({ skip(from: $0, while: Self.isPassedOver) }), at < limit else {
      lose()
      return nil
    }
    if isImage {
      guard bytes[at] == 0x21, at + 1 < limit, bytes[at + 1] == 0x5B else {
        lose()
        return nil
      }
      openings.append(.bracket(open: at + 1))
      position = at + 2
    } else if bytes[at] == 0x5B {
      openings.append(.bracket(open: at))
      position = at + 1
    } else if bytes[at] == 0x3C {
      openings.append(.angle)
      position = at + 1
    } else {
      openings.append(.bare)
      position = at
    }
    return at
  }

  /// A link or image closes: how it was written after its text (an
  /// autolink is no reference); nil when the cursor is lost.
  mutating func close() -> Closing? {
    guard let opening = openings.popLast(), let start = position else { return nil }
    let at = skip(from: start, while: Self.isPassedOver)
    switch opening {
    case .bare:
      return Closing(isReference: false)
    case .angle:
      // Its text ends at the `>`, which is no quote mark here.
      guard start < limit, bytes[start] == 0x3E else {
        lose()
        return nil
      }
      position = start + 1
      return Closing(isReference: false)
    case .bracket(let open):
      guard at < limit, bytes[at] == 0x5D else {
        lose()
        return nil
      }
      return closeBracket(open: open, text: at)
    }
  }

  /// After a link text's `]` at `text`: an inline destination, a full or
  /// collapsed reference, or nothing (a shortcut reference).
  private mutating func closeBracket(open: Int, text: Int) -> Closing {
    let after = text + 1
    if after < limit, bytes[after] == 0x28,
      let tail = LinkSyntax.inlineTail(bytes, from: after + 1, to: limit)
    {
      position = tail.end
      return Closing(isReference: false, destination: tail.destination)
    }
    if after < limit, bytes[after] == 0x5B,
      let close = LinkSyntax.closingBracket(bytes, from: after + 1, to: limit)
    {
      position = close + 1
      let label = close == after + 1 ? (open + 1)..<text : (after + 1)..<close
      return Closing(isReference: true, label: label)
    }
    position = after
    return Closing(isReference: true, label: (open + 1)..<text)
  }

  private mutating func lose() {
    position = nil
    openings = []
  }

  private func skip(from start: Int, while keeps: (UInt8) -> Bool) -> Int {
    var at = start
    while at < limit && keeps(bytes[at]) { at += 1 }
    return at
  }

  private static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

  /// Bytes no node gives: emphasis and strikethrough marks, white space
  /// and line endings, and the quote marks that open a later line.
  private static func isPassedOver(_ byte: UInt8) -> Bool {
    switch byte {
    case 0x2A, 0x5F, 0x7E, 0x20, 0x09, 0x0A, 0x0D, 0x3E: true
    default: false
    }
  }

  /// ASCII punctuation: what a backslash escapes.
  static func isPunctuation(_ byte: UInt8) -> Bool {
    (0x21...0x2F).contains(byte) || (0x3A...0x40).contains(byte) || (0x5B...0x60).contains(byte)
      || (0x7B...0x7E).contains(byte)
  }

  /// The end of an entity or numeric character reference at `at` (`&`):
  /// `&name;`, `&#123;`, `&#x1F;`.
  static func entityEnd(_ bytes: UnsafeBufferPointer<UInt8>, _ at: Int, _ limit: Int) -> Int? {
    var scan = at + 1
    let numeric = scan < limit && bytes[scan] == 0x23
    if numeric { scan += 1 }
    let hex = numeric && scan < limit && (bytes[scan] | 0x20) == 0x78
    if hex { scan += 1 }
    let first = scan
    while scan < limit, scan - first < 32 {
      let byte = bytes[scan]
      let isDigit = (0x30...0x39).contains(byte)
      let isLetter = (0x61...0x7A).contains(byte | 0x20)
      guard
        hex
          ? isDigit || (0x61...0x66).contains(byte | 0x20) : numeric ? isDigit : isDigit || isLetter
      else { break }
      scan += 1
    }
    guard scan > first, scan < limit, bytes[scan] == 0x3B else { return nil }
    return scan + 1
  }

  /// The UTF-8 length of what a numeric character reference decodes to;
  /// nil for a named entity, whose text a table would tell.
  private static func decodedLength(_ entity: Slice<UnsafeBufferPointer<UInt8>>) -> Int? {
    let body = Array(entity.dropFirst().dropLast())
    guard body.first == 0x23 else { return nil }
    let isHex = body.count > 1 && (body[1] | 0x20) == 0x78
    let digits = String(decoding: body.dropFirst(isHex ? 2 : 1), as: UTF8.self)
    let value = UInt32(digits, radix: isHex ? 16 : 10) ?? 0xFFFD
    let scalar = Unicode.Scalar(value == 0 ? 0xFFFD : value) ?? "\u{FFFD}"
    return String(scalar).utf8.count
  }
}
