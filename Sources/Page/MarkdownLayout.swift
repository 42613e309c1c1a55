import CCmarkGFM
import Cells
import Outline

/// Lays a stretch of Markdown out in lines: cmark-gfm's tree, walked once
/// and freed before `lay` returns, drawn for the terminal. Headings stand
/// apart by weight and colour (and a rule under the top two levels),
/// emphasis, code and links keep their marks as styles, code sits in a
/// frame and is never wrapped, lists and quotes are indented, tables keep
/// their columns (code and tables wider than the page scroll sideways),
/// images read `[image: alt]`.
struct MarkdownLayout {
  /// The GitHub extensions, as the outline reads them.
  private static let extensionNames = [
    "table", "strikethrough", "autolink", "tagfilter", "tasklist",
  ]
  private static let registered: Void = cmark_gfm_core_extensions_ensure_registered()

  let bytes: [UInt8]
  /// The stretch's first byte in the document.
  let base: Int
  let width: Int
  let source: SourceLines
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
  /// How many lines cmark was given before the stretch (link definitions
  /// from elsewhere in the document): its line numbers count them.
  var borrowedLines = 0

  /// The lines of `bytes` (the document's bytes from `base`), `width` cells
  /// wide; the bytes before `hidden` are front matter, drawn as a small
  /// faint table of its keys and values (not at all unless `frontMatter`).
  /// `definitions` are lines of link definitions from the rest of the
  /// document, read first and drawn not at all.
  static func lay(
    _ bytes: [UInt8], base: Int, width: Int, hidden: Int = 0, frontMatter: Bool = true,
    glyphs: PageGlyphs = .unicode, definitions: [UInt8] = []
  ) -> [PageLine] {
    var layout = MarkdownLayout(
      bytes: bytes, base: base, width: max(width, 1), source: SourceLines(bytes), glyphs: glyphs)
    layout.borrowedLines = definitions.count { $0 == 0x0A }
    layout.run(hidden: hidden, frontMatter: frontMatter, definitions: definitions)
    return layout.lines
  }

  private mutating func run(hidden: Int, frontMatter: Bool, definitions: [UInt8]) {
    _ = Self.registered
    guard let parser = cmark_parser_new(CMARK_OPT_VALIDATE_UTF8 | CMARK_OPT_FOOTNOTES) else {
      return
    }
    defer { cmark_parser_free(parser) }
    for name in Self.extensionNames {
      if let syntax = cmark_find_syntax_extension(name) {
        cmark_parser_attach_syntax_extension(parser, syntax)
      }
    }
    feed(parser, definitions[...])
    if hidden > 0 {
      if frontMatter {
        lines = FrontMatterTable(bytes: bytes, source: source, end: hidden).lines(
          base: base, width: width, glyphs: glyphs)
      }
      // cmark sees the front matter's line endings alone: lines keep their numbers.
      let endings = [UInt8](repeating: 0x0A, count: source.starts.filter { $0 < hidden }.count)
      feed(parser, endings[...])
      lastEnd = hidden
    }
    feed(parser, bytes[hidden...])
    let address = DocumentShape.finishingMarkdown { UInt(bitPattern: cmark_parser_finish(parser)) }
    guard let root = OpaquePointer(bitPattern: address) else { return }
    defer { cmark_node_free(root) }
    guard let iterator = cmark_iter_new(root) else { return }
    defer { cmark_iter_free(iterator) }
    while true {
      let event = cmark_iter_next(iterator)
      if event == CMARK_EVENT_DONE { break }
      guard let node = cmark_iter_get_node(iterator) else { continue }
      // Nothing the borrowed definitions made (they make no block
      // themselves, unless one was not a definition after all) is drawn.
      if borrowedLines > 0, event == CMARK_EVENT_ENTER, cmark_node_parent(node) == root,
        Int(cmark_node_get_start_line(node)) <= borrowedLines
      {
        cmark_iter_reset(iterator, node, CMARK_EVENT_EXIT)
        continue
      }
      visit(node, entering: event == CMARK_EVENT_ENTER)
    }
  }

  private func feed(_ parser: OpaquePointer, _ slice: ArraySlice<UInt8>) {
    slice.withUnsafeBufferPointer { buffer in
      guard let start = buffer.baseAddress, !buffer.isEmpty else { return }
      start.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
        cmark_parser_feed(parser, $0, buffer.count)
      }
    }
  }

  /// The node's first byte in the stretch.
  func start(_ node: OpaquePointer) -> Int {
    source.offset(
      line: Int(cmark_node_get_start_line(node)) - borrowedLines,
      column: Int(cmark_node_get_start_column(node)))
  }

  /// The node's bytes in the stretch (cmark may end a node before it
  /// starts: an empty one at a line's end).
  func extent(_ node: OpaquePointer) -> Range<Int> {
    let start = start(node)
    return start..<max(end(node), start)
  }

  /// Just past the node's last byte in the stretch (cmark gives an end
  /// column of 0 for a block that ends with its line's ending).
  func end(_ node: OpaquePointer) -> Int {
    let line = Int(cmark_node_get_end_line(node)) - borrowedLines
    let column = Int(cmark_node_get_end_column(node))
    if column == 0 { return source.start(ofLine: line) }
    return min(source.offset(line: line, column: column) + 1, source.size)
  }

  private mutating func visit(_ node: OpaquePointer, entering: Bool) {
    let glyphs = self.glyphs
    let type = cmark_node_get_type(node)
    let name = cmark_node_get_type_string(node).map { String(cString: $0) } ?? ""
    switch (type, name) {
    case (CMARK_NODE_DOCUMENT, _): break
    case (CMARK_NODE_BLOCK_QUOTE, _):
      if entering {
        containers.append(Container(kind: .quote, list: nil, tight: false, marker: glyphs.quote))
      } else {
        containers.removeLast()
      }
    case (CMARK_NODE_LIST, _):
      if entering {
        listCount += 1
        lists.append((listCount, cmark_node_get_list_tight(node) != 0))
        numbers.append(
          cmark_node_get_list_type(node) == CMARK_ORDERED_LIST
            ? Int(cmark_node_get_list_start(node)) : nil)
      } else {
        lists.removeLast()
        numbers.removeLast()
      }
    case (CMARK_NODE_ITEM, _):
      if entering {
        var marker: String
        if let number = numbers.last ?? nil {
          marker = "\(number). "
          numbers[numbers.count - 1] = number + 1
        } else {
          marker = glyphs.bullets[(lists.count - 1) % glyphs.bullets.count]
        }
        if name == "tasklist" {
          marker +=
            cmark_gfm_extensions_get_tasklist_item_checked(node) ? glyphs.checked : glyphs.unchecked
        }
        containers.append(
          Container(
            kind: .item, list: lists.last?.id, tight: lists.last?.tight ?? false,
            marker: marker))
      } else {
        containers.removeLast()
      }
    case (CMARK_NODE_PARAGRAPH, _), (CMARK_NODE_HEADING, _):
      if entering {
        inline = InlineCollector(bytes: bytes, base: base, cursor: start(node), limit: end(node))
        if type == CMARK_NODE_HEADING {
          inline.push(Self.headingStyle(Int(cmark_node_get_heading_level(node))))
        }
      } else {
        let level = type == CMARK_NODE_HEADING ? Int(cmark_node_get_heading_level(node)) : 0
        leaf(node, heading: level)
      }
    case (CMARK_NODE_CODE_BLOCK, _):
      if entering { code(node) }
    case (CMARK_NODE_HTML_BLOCK, _):
      if entering { html(node) }
    case (CMARK_NODE_THEMATIC_BREAK, _):
      if entering {
        let range = extent(node)
        emit(range) { width, first, _ in
          [
            PageLine(
              runs: first + [
                Run(
                  glyphs.line(max(width - Wrapper.width(of: first), 1)),
                  style: .faint)
              ],
              bytes: range)
          ]
        }
      }
    case (_, "table"):
      if entering {
        table = TableLayout()
      } else if let table {
        let range = extent(node)
        let base = self.base
        emit(range) { width, first, rest in
          table.lines(
            width: width, first: first, rest: rest, base: base, bytes: range, glyphs: glyphs)
        }
        self.table = nil
      }
    case (_, "table_row"), (_, "table_header"):
      if entering {
        let header =
          name == "table_header" || cmark_gfm_extensions_get_table_row_is_header(node) != 0
        let at = start(node)
        table?.startRow(header: header, at: at)
      }
    case (_, "table_cell"):
      if entering {
        inline = InlineCollector(bytes: bytes, base: base, cursor: start(node), limit: end(node))
      } else {
        table?.addCell(inline.runs)
      }
    case (CMARK_NODE_FOOTNOTE_DEFINITION, _):
      if entering {
        containers.append(Container(kind: .item, list: nil, tight: false, marker: glyphs.note))
      } else {
        containers.removeLast()
      }
    default:
      inline.visit(node, type: type, name: name, entering: entering)
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
  private mutating func leaf(_ node: OpaquePointer, heading level: Int) {
    let glyphs = self.glyphs
    let range = extent(node)
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
  private mutating func code(_ node: OpaquePointer) {
    let range = extent(node)
    var literal = ""
    if let text = cmark_node_get_literal(node) { literal = String(cString: text) }
    let info = cmark_node_get_fence_info(node).map { String(cString: $0) } ?? ""
    let startLine = Int(cmark_node_get_start_line(node)) - borrowedLines
    let firstByte =
      range.lowerBound < bytes.count ? bytes[range.lowerBound...].first { $0 != 0x20 } : nil
    let fenced = firstByte == 0x60 || firstByte == 0x7E
    let contentLine = fenced ? startLine + 1 : startLine
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
  private mutating func html(_ node: OpaquePointer) {
    let range = extent(node)
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
    var first = ""
    var rest = ""
    for index in containers.indices {
      first += containers[index].started ? containers[index].continuation : containers[index].marker
      rest += containers[index].continuation
      containers[index].started = true
    }
    let firstRuns = first.isEmpty ? [] : [Run(first, style: .faint)]
    let restRuns = rest.isEmpty ? [] : [Run(rest, style: .faint)]
    let firstLine = lines.count
    lines += body(width, firstRuns, restRuns)
    if firstLine < lines.count, base + lead < lines[firstLine].bytes.lowerBound {
      lines[firstLine].bytes = base + lead..<max(lines[firstLine].bytes.upperBound, base + lead)
    }
    lastLists = lists
    lastEnd = max(lastEnd, range.upperBound)
  }
}
