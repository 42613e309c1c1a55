import HTMLOutline

/// The blocks a line opens and the shapes it may start, as `HeadingScan`
/// reads them: an HTML block, a block quote, a list item; a blank, an ATX
/// or setext heading, a thematic break, a fence opening and closing, a
/// list marker, a table's delimiter row.
extension HeadingScan {
  /// Opens an HTML block at `at`; false when not sure (a lazy line, a
  /// heading written in HTML).
  mutating func openHTML(_ at: Int, start: Int, end: Int, _ cursor: Cursor) -> Bool {
    if paragraph != nil && !cursor.opened && cursor.matched < items.count { return false }
    guard takeHTML(at, start: start, end: end), closeLeaf(keeping: cursor.matched) else {
      return false
    }
    if let (mark, ignoresCase) = HTMLBlockStart.endMark(bytes.span, at: at, end: end) {
      let ends = HTMLBlockStart.contains(
        mark, ignoringCase: ignoresCase, in: bytes.span, from: at, end: end)
      leaf = ends ? .none : .html(mark: mark, ignoresCase: ignoresCase)
    } else {
      leaf = .html(mark: nil, ignoresCase: false)
    }
    return true
  }

  /// Counts a line of an HTML block; false when it holds a heading or the
  /// blocks have grown past what the scan vouches for.
  mutating func takeHTML(_ first: Int, start: Int, end: Int) -> Bool {
    htmlBytes += end - start
    return htmlBytes < 3 * maxDepth && !HTMLBlockStart.holdsHeading(bytes.span, from: first, end: end)
  }

  /// Whether a line of an HTML block that may be a paragraph starts
  /// nothing in either reading: no block, table row or setext underline,
  /// or HTML that ends at a blank line as the block itself does.
  func mayGoOn(_ first: Int, _ end: Int) -> Bool {
    guard first < end, Self.startsSomething[Int(bytes[first])] else { return true }
    return bytes[first] == 0x3C && HTMLBlockStart.endMark(bytes.span, at: first, end: end) == nil
  }

  /// The first characters of a line that may start a block, a table's
  /// row or a setext underline: a line of an HTML block that may be a
  /// paragraph must start with none of them.
  private static let startsSomething: [Bool] = (0..<256).map { byte in
    Array("#`~=-*+_><[|:0123456789".utf8).contains(UInt8(byte))
  }

  /// Opens a block quote at the cursor's `>`; false when not sure.
  mutating func openQuote(_ cursor: inout Cursor, _ end: Int) -> Bool {
    guard closeLeaf(keeping: cursor.matched), items.count < 32 else { return false }
    items.append(.quote)
    quotes += 1
    cursor.matched = items.count
    cursor.opened = true
    cursor.at += 1
    cursor.column += 1
    if cursor.at < end && bytes[cursor.at] == 0x09 { return false }
    if cursor.at < end && bytes[cursor.at] == 0x20 {
      cursor.at += 1
      cursor.column += 1
    }
    cursor.container = cursor.column
    return cursor.skipSpaces(bytes, end)
  }

  /// Opens a list item at the cursor's marker; false when not sure (an
  /// empty item, a tab after the marker).
  mutating func openItem(
    _ cursor: inout Cursor, marker: (end: Int, isEmpty: Bool, startsAtOne: Bool), _ end: Int
  ) -> Bool {
    if marker.isEmpty || items.count >= 32 { return false }
    var spaces = 0
    while marker.end + spaces < end && bytes[marker.end + spaces] == 0x20 { spaces += 1 }
    if marker.end + spaces < end && bytes[marker.end + spaces] == 0x09 { return false }
    let padding = spaces >= 5 ? 1 : spaces
    guard closeLeaf(keeping: cursor.matched) else { return false }
    let content = cursor.column + (marker.end - cursor.at) + padding
    items.append(.item(content))
    cursor.matched = items.count
    cursor.container = content
    cursor.opened = true
    cursor.at = marker.end + padding
    cursor.column = content
    return cursor.skipSpaces(bytes, end)
  }

  func isSpace(_ index: Int, _ end: Int) -> Bool {
    index < end && (bytes[index] == 0x20 || bytes[index] == 0x09)
  }

  /// The level of the ATX heading opening at `at`: one to six `#` and
  /// then a blank or the line's end.
  func atxLevel(_ at: Int, _ end: Int) -> Int? {
    var marks = 0
    while at + marks < end && bytes[at + marks] == 0x23 && marks < 7 { marks += 1 }
    guard (1...6).contains(marks), at + marks == end || isSpace(at + marks, end) else { return nil }
    return marks
  }

  /// The ATX heading at `at`: its content without the marks, the blanks
  /// around it or a closing sequence.
  func atx(level: Int, at: Int, start: Int, end: Int) -> Heading {
    var from = at + level
    while isSpace(from, end) { from += 1 }
    var to = end
    while to > from && isSpace(to - 1, end) { to -= 1 }
    var closing = to
    while closing > from && bytes[closing - 1] == 0x23 { closing -= 1 }
    if closing < to && (closing == from || isSpace(closing - 1, end)) {
      to = closing
      while to > from && isSpace(to - 1, end) { to -= 1 }
    }
    return Heading(
      level: level, line: line, lineStart: start, lineEnd: end, content: from..<to,
      source: at..<end, isSetext: false)
  }

  func setext(level: Int, _ paragraph: Paragraph) -> Heading {
    Heading(
      level: level, line: paragraph.line, lineStart: paragraph.lineStart,
      lineEnd: paragraph.lineEnd, content: paragraph.text, source: paragraph.text, isSetext: true)
  }

  /// 1 for a line of `=`, 2 for one of `-`, blanks after them allowed.
  func setextLevel(_ at: Int, _ end: Int) -> Int? {
    let mark = bytes[at]
    guard mark == 0x3D || mark == 0x2D else { return nil }
    var index = at
    while index < end && bytes[index] == mark { index += 1 }
    while isSpace(index, end) { index += 1 }
    guard index == end else { return nil }
    return mark == 0x3D ? 1 : 2
  }

  /// Three or more of one of `*`, `-`, `_`, blanks between them, nothing else.
  func isThematicBreak(_ at: Int, _ end: Int) -> Bool {
    let mark = bytes[at]
    guard mark == 0x2A || mark == 0x2D || mark == 0x5F else { return false }
    var count = 0
    for index in at..<end {
      if bytes[index] == mark {
        count += 1
      } else if bytes[index] != 0x20 && bytes[index] != 0x09 {
        return false
      }
    }
    return count >= 3
  }

  /// An opening fence: three or more backticks (their info string holding
  /// none) or tildes.
  func fenceOpening(_ at: Int, _ end: Int) -> (mark: UInt8, length: Int)? {
    let mark = bytes[at]
    guard mark == 0x60 || mark == 0x7E else { return nil }
    var length = 0
    while at + length < end && bytes[at + length] == mark { length += 1 }
    guard length >= 3 else { return nil }
    if mark == 0x60 {
      for index in (at + length)..<end where bytes[index] == 0x60 { return nil }
    }
    return (mark, length)
  }

  /// A closing fence: `length` or more of `mark`, then blanks only.
  func closesFence(_ at: Int, _ end: Int, mark: UInt8, length: Int) -> Bool {
    var index = at
    while index < end && bytes[index] == mark { index += 1 }
    guard index - at >= length else { return false }
    while isSpace(index, end) { index += 1 }
    return index == end
  }

  /// A list item's marker at `at`: where it ends, whether nothing follows
  /// it on its line, and whether it is a bullet or an ordered list's `1`.
  func listMarker(_ at: Int, _ end: Int)
    -> (end: Int, isEmpty: Bool, startsAtOne: Bool)?
  {
    var index = at
    let byte = bytes[at]
    var startsAtOne = true
    if byte == 0x2D || byte == 0x2B || byte == 0x2A {
      index += 1
    } else {
      var value = 0
      while index < end && index - at < 9 && bytes[index] >= 0x30 && bytes[index] <= 0x39 {
        value = value * 10 + Int(bytes[index] - 0x30)
        index += 1
      }
      guard index > at, index < end, bytes[index] == 0x2E || bytes[index] == 0x29 else {
        return nil
      }
      startsAtOne = value == 1
      index += 1
    }
    guard index == end || isSpace(index, end) else { return nil }
    var after = index
    while isSpace(after, end) { after += 1 }
    return (index, after == end, startsAtOne)
  }

  /// A line of `|`, `-`, `:` and blanks with a `-`: a table's delimiter
  /// row, maybe, which makes a table of the paragraph's line before it.
  func isDelimiterRow(_ at: Int, _ end: Int) -> Bool {
    var dash = false
    for index in at..<end {
      switch bytes[index] {
      case 0x2D: dash = true
      case 0x7C, 0x3A, 0x20, 0x09: continue
      default: return false
      }
    }
    return dash
  }
}
