import HTMLOutline

#if canImport(Glibc)
  import Glibc
#endif

/// The headings of a Markdown document found by reading its lines as
/// cmark-gfm's block parser reads them, without a parse: list items,
/// block quotes, paragraphs (lazy lines too), ATX and setext headings,
/// thematic breaks, fenced and indented code, front matter hidden as the
/// outline hides it. Whatever else a line may start (an HTML block, a
/// footnote definition, a table, an empty list item, a tab in its indent,
/// a byte order mark) the scan does not follow, and
/// says it is not sure (nil): the document is then outlined whole. Where it
/// is sure, its headings are the outline's (`HeadingScanTests` holds it to
/// that over the corpus and over shapes made to trip it, `ParityTests` over
/// the documents kept in the repository). The fast way of
/// `Outliner.headingLines`.
struct HeadingScan {
  /// A heading as the scan found it: its level, its first line (0-based,
  /// with that line's bytes) and where its content is.
  struct Heading {
    var level: Int
    var line: Int
    var lineStart: Int
    var lineEnd: Int
    /// The text of the title: after an ATX heading's marks (without its
    /// closing sequence), or a setext heading's lines.
    var content: Range<Int>
    /// The heading as written, for parsing it alone: from an ATX
    /// heading's first `#`, or a setext heading's text lines.
    var source: Range<Int>
    var isSetext: Bool
  }

  /// The paragraph being read: where it starts and how far it runs.
  struct Paragraph {
    var line: Int
    var lineStart: Int
    var lineEnd: Int
    /// From its first line's first character to its last line's end.
    var text: Range<Int>
    /// A line after its first reads as a table's delimiter row: the
    /// table extension may have made a table of it.
    var tableLike: Bool
    /// It starts with `[`: a link reference definition, maybe.
    var opensBracket: Bool
    /// A line after its first came inside a block quote: its text is not
    /// one stretch of the bytes.
    var quoted: Bool
  }

  /// A block that holds blocks: a list item, by the column its content
  /// starts at, or a block quote.
  enum Container: Equatable {
    case item(Int)
    case quote
  }

  /// The open block that holds lines, innermost.
  enum Leaf {
    case none
    case paragraph(Paragraph)
    case fence(mark: UInt8, length: Int)
    case code
    /// An HTML block: one that runs to `mark`, or (without one) to a
    /// blank line, where it may as well be a paragraph (a tag cmark-gfm
    /// takes for inline HTML): only lines that start nothing in either
    /// are taken.
    case html(mark: [UInt8]?, ignoresCase: Bool)
  }

  let bytes: UnsafeBufferPointer<UInt8>
  /// The containers open, outermost first.
  var items: [Container] = []
  /// How many of them are block quotes.
  var quotes = 0
  var leaf = Leaf.none
  var line = 0
  private(set) var headings: [Heading] = []
  /// Some paragraph starts with `[`: a title's brackets may be a link to
  /// a definition.
  private(set) var mayDefine = false
  /// The text of each paragraph that starts with `[`, in order: the
  /// document's link reference definitions are among them.
  private(set) var definitions: [Range<Int>] = []
  /// One of those paragraphs went on inside a block quote (its text is
  /// not one stretch of the bytes) or on a lazy line (whose blanks
  /// cmark-gfm keeps: a definition after them is none).
  private(set) var definitionsUnsure = false

  /// The deepest nesting the outline reads in HTML, and the bytes of the
  /// HTML blocks so far: more than could nest that deep, and the scan is
  /// not sure the outline would not refuse the document.
  let maxDepth: Int
  var htmlBytes = 0
  /// The line ended an HTML block that may have been a paragraph: it
  /// must start a block of its own, not be the paragraph's lazy line.
  private var mustStart = false

  private init(_ bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int) {
    self.bytes = bytes
    self.maxDepth = maxDepth
  }

  /// The headings of `bytes`, or nil when the scan is not sure of them.
  static func scan(_ bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int) -> HeadingScan? {
    guard let base = bytes.baseAddress, !bytes.isEmpty else {
      return HeadingScan(bytes, maxDepth: maxDepth)
    }
    // A byte order mark (UTF-8, 16 or 32) or front matter at the top.
    if [0xEF, 0xFE, 0xFF, 0x00].contains(bytes[0]) { return nil }
    var scan = HeadingScan(bytes, maxDepth: maxDepth)
    let hasCR = memchr(base, 0x0D, bytes.count) != nil
    var start = 0
    if bytes[0] == 0x2D || bytes[0] == 0x2B, let end = Outliner.frontMatterEnd(of: bytes.span) {
      // Its lines reach cmark as line endings alone: blank lines.
      var index = 0
      while index < end {
        let byte = bytes[index]
        index += byte == 0x0D && index + 1 < end && bytes[index + 1] == 0x0A ? 2 : 1
        if byte == 0x0A || byte == 0x0D { scan.line += 1 }
      }
      start = end
    }
    while start < bytes.count {
      var end = bytes.count
      if let found = memchr(base + start, 0x0A, bytes.count - start) {
        end = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
      }
      var next = end + 1
      if hasCR, let found = memchr(base + start, 0x0D, end - start) {
        let at = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        next = at + 1 < bytes.count && bytes[at + 1] == 0x0A ? at + 2 : at + 1
        end = at
      }
      guard scan.read(start, end) else { return nil }
      scan.line += 1
      start = next
    }
    return scan
  }

  /// Reads the line `start..<end`; false when not sure of it.
  private mutating func read(_ start: Int, _ end: Int) -> Bool {
    mustStart = false
    var at = start
    var column = 0
    var matched = 0
    var first = at
    var blank = false
    // Each open container in turn takes its part of the line.
    while true {
      first = at
      while first < end && bytes[first] == 0x20 { first += 1 }
      if first < end && bytes[first] == 0x09 { return false }
      blank = first == end
      guard matched < items.count else { break }
      let indent = column + first - at
      switch items[matched] {
      case .item(let content):
        guard blank || indent >= content else { break }
        at = blank ? first : at + content - column
        column = blank ? indent : content
        matched += 1
        continue
      case .quote:
        guard !blank, indent - column <= 3, bytes[first] == 0x3E else { break }
        at = first + 1
        column = indent + 1
        if at < end && bytes[at] == 0x09 { return false }
        if at < end && bytes[at] == 0x20 {
          at += 1
          column += 1
        }
        matched += 1
        continue
      }
      break
    }
    return read(
      first, end: end, at: Columns(first: column + first - at, container: column),
      matched: matched, blank: blank, start: start)
  }

  /// Where a line's rest stands: the column of its first character, and
  /// the column its innermost matched container's content starts at.
  private struct Columns {
    var first: Int
    var container: Int
    var relative: Int { first - container }
  }

  /// Reads the rest of the line from `first`, its first character after
  /// the `matched` containers that continue.
  private mutating func read(
    _ first: Int, end: Int, at columns: Columns, matched: Int, blank: Bool, start: Int
  ) -> Bool {
    let all = matched == items.count
    switch leaf {
    case .fence(let mark, let length):
      if all {
        if !blank && columns.relative <= 3
          && closesFence(first, end, mark: mark, length: length)
        {
          leaf = .none
        }
        return true
      }
      leaf = .none
    case .code:
      if all && (blank || columns.relative >= 4) { return true }
      leaf = .none
    case .html(let mark, let ignoresCase):
      if let mark, all {
        guard takeHTML(first, start: start, end: end) else { return false }
        if !blank
          && HTMLBlockStart.contains(
            mark, ignoringCase: ignoresCase, in: bytes.span, from: first, end: end)
        {
          leaf = .none
        }
        return true
      }
      if mark == nil && !blank && all {
        guard takeHTML(first, start: start, end: end), mayGoOn(first, end) else { return false }
        return true
      }
      if mark == nil && !blank {
        // Outside its containers the block ends in both readings, unless
        // the line is a paragraph's lazy one: only a line that starts a
        // block (and not indented code) is followed.
        if columns.relative >= 4 { return false }
        mustStart = true
      }
      leaf = .none
    case .paragraph, .none:
      break
    }
    if blank {
      leaf = .none
      truncate(matched)
      return true
    }
    return open(first, start: start, end: end, at: columns, matched: matched)
  }

  /// Closes the containers after the first `matched`.
  private mutating func truncate(_ matched: Int) {
    while items.count > matched {
      if items.removeLast() == .quote { quotes -= 1 }
    }
  }

  /// The tip paragraph, if the tip is one.
  var paragraph: Paragraph? {
    if case .paragraph(let paragraph) = leaf { return paragraph }
    return nil
  }

  /// Ends the tip block for a block that starts; false when the tip is a
  /// paragraph that may be a table, whose rows the start may belong to.
  mutating func closeLeaf(keeping matched: Int) -> Bool {
    if let paragraph, paragraph.tableLike { return false }
    leaf = .none
    truncate(matched)
    return true
  }

  /// The blocks that start at `first` on the line `start..<end`, as
  /// cmark-gfm tries them, in its order; false when not sure.
  private mutating func open(
    _ first: Int, start: Int, end: Int, at columns: Columns, matched: Int
  ) -> Bool {
    var cursor = Cursor(
      at: first, column: columns.first, container: columns.container, matched: matched)
    while true {
      let at = cursor.at
      guard at < end else { return true }
      let indented = cursor.column - cursor.container >= 4
      let byte = bytes[at]
      if !indented && byte == 0x3E {
        guard openQuote(&cursor, end) else { return false }
        // `>` alone: an empty quote, or one whose next line goes on.
        if cursor.at == end { return true }
        continue
      }
      if !indented, let done = leafStart(at, start: start, end: end, cursor) { return done }
      if !indented, let marker = listMarker(at, end) {
        let interrupts = !cursor.opened && cursor.matched == items.count && paragraph != nil
        if !(interrupts && (marker.isEmpty || !marker.startsAtOne)) {
          guard openItem(&cursor, marker: marker, end) else { return false }
          continue
        }
      }
      if indented && paragraph == nil {
        guard closeLeaf(keeping: cursor.matched) else { return false }
        leaf = .code
        return true
      }
      return text(at, start: start, end: end, matched: cursor.matched, opened: cursor.opened)
    }
  }

  /// How far into a line the blocks opened on it have come.
  struct Cursor {
    var at: Int
    var column: Int
    /// The column the innermost container's content starts at.
    var container: Int
    var matched: Int
    /// A container was opened on this line.
    var opened = false

    /// Moves past the spaces at the cursor; false at a tab.
    mutating func skipSpaces(_ bytes: UnsafeBufferPointer<UInt8>, _ end: Int) -> Bool {
      while at < end && bytes[at] == 0x20 {
        at += 1
        column += 1
      }
      return at == end || bytes[at] != 0x09
    }
  }

  /// The leaf block that starts at `at` and is not text: a heading, a
  /// fence or a thematic break (true), or a line not followed (false);
  /// nil when none starts.
  private mutating func leafStart(_ at: Int, start: Int, end: Int, _ cursor: Cursor) -> Bool? {
    let byte = bytes[at]
    // HTML blocks and footnote definitions are not followed.
    if byte == 0x3C { return openHTML(at, start: start, end: end, cursor) }
    if byte == 0x5B && at + 1 < end && bytes[at + 1] == 0x5E { return false }
    if let level = atxLevel(at, end) {
      guard closeLeaf(keeping: cursor.matched) else { return false }
      headings.append(atx(level: level, at: at, start: start, end: end))
      return true
    }
    if let fence = fenceOpening(at, end) {
      guard closeLeaf(keeping: cursor.matched) else { return false }
      leaf = .fence(mark: fence.mark, length: fence.length)
      return true
    }
    if !cursor.opened, cursor.matched == items.count, let paragraph,
      let level = setextLevel(at, end)
    {
      if paragraph.tableLike || paragraph.opensBracket || paragraph.quoted { return false }
      headings.append(setext(level: level, paragraph))
      leaf = .none
      return true
    }
    if isThematicBreak(at, end) { return closeLeaf(keeping: cursor.matched) }
    return nil
  }

  /// A line of text: the tip paragraph's next (lazily, when its
  /// containers did not all continue), or a new paragraph's first.
  private mutating func text(_ at: Int, start: Int, end: Int, matched: Int, opened: Bool) -> Bool {
    if mustStart && !opened { return false }
    if !opened, var paragraph {
      if paragraph.tableLike && matched < items.count { return false }
      paragraph.text = paragraph.text.lowerBound..<end
      paragraph.tableLike = paragraph.tableLike || isDelimiterRow(at, end)
      paragraph.quoted = paragraph.quoted || quotes > 0
      if paragraph.opensBracket {
        definitions[definitions.count - 1] = paragraph.text
        definitionsUnsure =
          definitionsUnsure || paragraph.quoted || matched < items.count
      }
      leaf = .paragraph(paragraph)
      return true
    }
    truncate(matched)
    let opensBracket = bytes[at] == 0x5B
    mayDefine = mayDefine || opensBracket
    if opensBracket { definitions.append(at..<end) }
    leaf = .paragraph(
      Paragraph(
        line: line, lineStart: start, lineEnd: end, text: at..<end,
        tableLike: false, opensBracket: opensBracket, quoted: false))
    return true
  }
}
