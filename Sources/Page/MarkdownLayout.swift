import Cells
import Outline

/// Lays a stretch of Markdown out in lines: the outline's tree of it
/// (`MarkdownDocument`), visited once, drawn for the terminal. Headings stand
/// apart by weight and colour (and a rule under the top two levels),
/// emphasis, code and links keep their marks as styles, code sits in a
/// frame and is never wrapped, lists and quotes are indented, tables keep
/// their columns (code and tables wider than the page scroll sideways),
/// images read `[image: alt]`.
struct MarkdownLayout {
  let bytes: [UInt8]
  /// The stretch's first byte in the document.
  let base: Int
  let width: Int
  let source: LineIndex
  let glyphs: PageGlyphs
  var lines: [PageLine] = []
  var containers: [Container] = []
  /// The lists (by number) the last block drawn stood in.
  var lastLists: [Int] = []
  var listCount = 0
  /// The next number of each ordered list being drawn, innermost last.
  var numbers: [Int?] = []
  var lists: [(id: Int, tight: Bool)] = []
  /// Where the last block drawn ended in the stretch.
  var lastEnd = 0
  var inline = InlineCollector()
  var table: TableLayout? = nil

  /// The lines of `bytes` (the document's bytes from `base`), `width` cells
  /// wide; the bytes before `hidden` are front matter, drawn as a small
  /// faint table of its keys and values (not at all unless `frontMatter`).
  /// `definitions` are lines of link definitions from the rest of the
  /// document, read first and drawn not at all.
  static func lay(
    _ bytes: [UInt8], base: Int, width: Int, hidden: Int = 0, frontMatter: Bool = true,
    glyphs: PageGlyphs = .unicode, definitions: [UInt8] = []
  ) -> [PageLine] {
    let tree = MarkdownDocument.parse(bytes, hidden: hidden, definitions: definitions)
    var layout = MarkdownLayout(
      bytes: bytes, base: base, width: max(width, 1), source: tree.lines, glyphs: glyphs)
    if hidden > 0 {
      if frontMatter {
        layout.lines = FrontMatterTable(bytes: bytes, source: tree.lines, end: hidden).lines(
          base: base, width: width, glyphs: glyphs)
      }
      layout.lastEnd = hidden
    }
    for step in tree.steps { layout.visit(step.node, entering: step.entering) }
    return layout.lines
  }

  private mutating func visit(_ node: MarkdownNode, entering: Bool) {
    let glyphs = self.glyphs
    switch node.kind {
    case .document: break
    case .quote:
      if entering {
        containers.append(Container(kind: .quote, list: nil, tight: false, marker: glyphs.quote))
      } else {
        containers.removeLast()
      }
    case .list(let start, let tight):
      if entering {
        listCount += 1
        lists.append((listCount, tight))
        numbers.append(start)
      } else {
        lists.removeLast()
        numbers.removeLast()
      }
    case .item(let checked):
      if entering {
        var marker: String
        if let number = numbers.last ?? nil {
          marker = "\(number). "
          numbers[numbers.count - 1] = number + 1
        } else {
          marker = glyphs.bullets[(lists.count - 1) % glyphs.bullets.count]
        }
        if let checked { marker += checked ? glyphs.checked : glyphs.unchecked }
        containers.append(
          Container(
            kind: .item, list: lists.last?.id, tight: lists.last?.tight ?? false,
            marker: marker))
      } else {
        containers.removeLast()
      }
    case .paragraph, .heading:
      var level = 0
      if case .heading(let heading) = node.kind { level = heading }
      if entering {
        inline = InlineCollector(
          bytes: bytes, base: base, cursor: node.range.lowerBound, limit: node.range.upperBound)
        if level > 0 { inline.push(Self.headingStyle(level)) }
      } else {
        leaf(node, heading: level)
      }
    case .codeBlock(let literal, let info):
      if entering { code(node, literal: literal, info: info) }
    case .htmlBlock:
      if entering { html(node) }
    case .thematicBreak:
      if entering {
        let range = node.range
        emit(range) { width, first, _ in
          [BreakRule.line(width: width, first: first, glyphs: glyphs, bytes: range)]
        }
      }
    default: visitTable(node, entering: entering)
    }
  }

  /// A table, a footnote's definition, or an inline node.
  private mutating func visitTable(_ node: MarkdownNode, entering: Bool) {
    let glyphs = self.glyphs
    switch node.kind {
    case .table:
      if entering {
        table = TableLayout()
      } else if let table {
        let range = node.range
        let base = self.base
        emit(range) { width, first, rest in
          table.lines(
            width: width, first: first, rest: rest, base: base, bytes: range, glyphs: glyphs)
        }
        self.table = nil
      }
    case .tableRow(let header):
      if entering { table?.startRow(header: header, at: node.range.lowerBound) }
    case .tableCell:
      if entering {
        inline = InlineCollector(
          bytes: bytes, base: base, cursor: node.range.lowerBound, limit: node.range.upperBound)
      } else {
        table?.addCell(inline.runs)
      }
    case .footnoteDefinition:
      if entering {
        containers.append(Container(kind: .item, list: nil, tight: false, marker: glyphs.note))
      } else {
        containers.removeLast()
      }
    default:
      inline.visit(node, entering: entering)
    }
  }

  static func headingStyle(_ level: Int) -> Style {
    switch level {
    case 1, 2: return [.bold, .accent]
    case 3: return [.bold, .heading]
    default: return [.bold, .italic, .heading]
    }
  }

  /// A paragraph or heading, wrapped.
  private mutating func leaf(_ node: MarkdownNode, heading level: Int) {
    let glyphs = self.glyphs
    let range = node.range
    let runs = inline.runs
    let base = self.base
    let source = self.source
    emit(range) { width, first, rest in
      var wrapped = Wrapper.wrap(
        runs, width: width, first: first, rest: rest,
        bytes: base + range.lowerBound..<base + range.upperBound)
      if level == 1 || level == 2, let last = wrapped.last {
        wrapped.append(
          HeadingRule.under(
            wrapped, rest: rest, width: width, glyphs: glyphs, heavy: level == 1,
            at: max(
              last.bytes.upperBound,
              base + source.lineEnd(at: max(range.upperBound - 1, range.lowerBound)))))
      }
      return wrapped
    }
  }

  /// A code block in a frame, its lines never wrapped (wider than the page,
  /// they scroll sideways).
  private mutating func code(_ node: MarkdownNode, literal: String, info: String) {
    let range = node.range
    let firstByte =
      range.lowerBound < bytes.count ? bytes[range.lowerBound...].first { $0 != 0x20 } : nil
    let fenced = firstByte == 0x60 || firstByte == 0x7E
    let contentLine = fenced ? node.line + 1 : node.line
    var codeLines = literal.split(separator: "\n", omittingEmptySubsequences: false).map(
      String.init)
    if codeLines.last == "" { codeLines.removeLast() }
    let base = self.base
    let source = self.source
    let glyphs = self.glyphs
    emit(range) { _, first, rest in
      CodeFrame(
        lines: codeLines, info: info.split(separator: " ").first.map(String.init) ?? "",
        source: source, base: base, contentLine: contentLine, block: range, glyphs: glyphs
      ).lines(first: first, rest: rest)
    }
  }

  /// Raw HTML: its visible text, laid out as an HTML page is.
  private mutating func html(_ node: MarkdownNode) {
    let range = node.range
    let laid = HTMLLayout.lay(
      Array(bytes[range]), base: base + range.lowerBound, width: width, glyphs: glyphs)
    guard !laid.isEmpty else { return }
    emit(range) { width, first, rest in
      laid.enumerated().map { index, line in
        line.after(index == 0 ? first : rest)
      }
    }
  }

  /// Draws a block's lines after a blank line (none inside a tight list),
  /// with the containers' markers: `body` gets the room left and the
  /// markers for the first line and the others.
  private mutating func emit(
    _ range: Range<Int>, _ body: (_ width: Int, _ first: [Run], _ rest: [Run]) -> [PageLine]
  ) {
    let lists = containers.compactMap(\.list)
    let shared = lists.filter(lastLists.contains).last
    let tight = shared.map { id in containers.contains { $0.list == id && $0.tight } } ?? false
    // The block's first row stands for its source line from the line's
    // start, the quotes' and lists' marks (`> `, `- `) included: a heading
    // in a quote starts where its section does, so it is that row, not the
    // blank row above, that shows the section's first byte.
    // The first row stands for all before it too (hidden front matter,
    // definitions, blank lines).
    let lineStart = source.lineStart(at: range.lowerBound)
    let lead = lines.isEmpty ? 0 : lineStart >= lastEnd ? lineStart : range.lowerBound
    if !lines.isEmpty && !tight {
      let bars = containers.filter { $0.kind == .quote && $0.started }.map(\.marker).joined()
      // A blank row starts on the line after the block above, not at its
      // last line's ending: at the top, it is not that block's line.
      let after = source.lineStart(at: lastEnd) == lastEnd ? lastEnd : source.lineEnd(at: lastEnd)
      let gap = base + min(after, lead)..<base + max(lead, lastEnd)
      lines.append(PageLine(runs: bars.isEmpty ? [] : [Run(bars, style: .faint)], bytes: gap))
    }
    let marks = containers.marks()
    let firstLine = lines.count
    lines += body(width, marks.first, marks.rest)
    if firstLine < lines.count, base + lead < lines[firstLine].bytes.lowerBound {
      lines[firstLine].bytes = base + lead..<max(lines[firstLine].bytes.upperBound, base + lead)
    }
    lastLists = lists
    lastEnd = max(lastEnd, range.upperBound)
  }
}
