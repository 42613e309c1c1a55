import CGumbo
import Cells
import HTMLOutline
import Outline

#if canImport(Glibc)
  import Glibc
#endif

/// Lays an HTML page (or an HTML block inside Markdown) out in lines: the
/// visible text the outline reads (not `<head>`, `<script>`, `<style>`,
/// `<template>`, `<noscript>` or what is `hidden`), with its block
/// structure: headings, paragraphs, lists, quotes, preformatted text in a
/// frame, tables, rules. gumbo's tree is walked with a stack of our own (deep
/// nesting cannot overflow it) and freed before `lay` returns.
struct HTMLLayout {
  let base: Int
  let width: Int
  let glyphs: PageGlyphs
  var lines: [PageLine] = []
  var containers: [Container] = []
  var runs: [Run] = []
  var styles: [Style] = []
  var links: [String?] = []
  var hidden = 0
  var preformatted = 0
  var numbers: [Int?] = []
  var table: TableLayout? = nil
  var heading = 0
  /// Where the text being gathered starts, and where the last block ended.
  var blockStart: Int? = nil
  var lastEnd = 0

  /// The lines of `bytes` (UTF-8 HTML, the document's bytes from `base`),
  /// `width` cells wide: of the part of the page `scope` names, as the
  /// outline reads it (nothing when a selector matches nothing).
  static func lay(
    _ bytes: [UInt8], base: Int, width: Int, glyphs: PageGlyphs = .unicode,
    scope: HTMLScope = .whole
  ) -> [PageLine] {
    var layout = HTMLLayout(base: base, width: max(width, 1), glyphs: glyphs)
    layout.lastEnd = base
    bytes.withUnsafeBufferPointer { buffer in
      guard let start = buffer.baseAddress, !buffer.isEmpty else { return }
      var options = kGumboDefaultOptions
      options.max_errors = 0
      let output = start.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
        gumbo_parse_with_options(&options, $0, buffer.count)
      }
      guard let output else { return }
      defer { gumbo_destroy_output(&options, output) }
      switch HTMLScopeFinder.find(scope, in: output.pointee.document) {
      case .none: layout.walk(output.pointee.document)
      case .some(.some(let element)): layout.walk(element)
      case .some(.none): break
      }
    }
    layout.flush(end: base + bytes.count)
    return layout.lines
  }

  private static let skipped: Set<UInt32> = Set(
    [GUMBO_TAG_SCRIPT, GUMBO_TAG_STYLE, GUMBO_TAG_NOSCRIPT, GUMBO_TAG_TEMPLATE, GUMBO_TAG_HEAD]
      .map(\.rawValue))
  private static let inline: Set<UInt32> = Set(
    [
      GUMBO_TAG_A, GUMBO_TAG_ABBR, GUMBO_TAG_B, GUMBO_TAG_BDI, GUMBO_TAG_BDO, GUMBO_TAG_CITE,
      GUMBO_TAG_CODE, GUMBO_TAG_DATA, GUMBO_TAG_DEL, GUMBO_TAG_DFN, GUMBO_TAG_EM, GUMBO_TAG_FONT,
      GUMBO_TAG_I, GUMBO_TAG_INS, GUMBO_TAG_KBD, GUMBO_TAG_LABEL, GUMBO_TAG_MARK, GUMBO_TAG_Q,
      GUMBO_TAG_S, GUMBO_TAG_SAMP, GUMBO_TAG_SMALL, GUMBO_TAG_SPAN, GUMBO_TAG_STRIKE,
      GUMBO_TAG_STRONG, GUMBO_TAG_SUB, GUMBO_TAG_SUP, GUMBO_TAG_TIME, GUMBO_TAG_TT, GUMBO_TAG_U,
      GUMBO_TAG_VAR, GUMBO_TAG_WBR, GUMBO_TAG_BIG, GUMBO_TAG_NOBR, GUMBO_TAG_IMG, GUMBO_TAG_BR,
    ].map(\.rawValue))
  private static let styles: [UInt32: Style] = [
    GUMBO_TAG_B.rawValue: .bold, GUMBO_TAG_STRONG.rawValue: .bold, GUMBO_TAG_EM.rawValue: .italic,
    GUMBO_TAG_I.rawValue: .italic, GUMBO_TAG_CITE.rawValue: .italic,
    GUMBO_TAG_CODE.rawValue: .code, GUMBO_TAG_KBD.rawValue: .code, GUMBO_TAG_SAMP.rawValue: .code,
    GUMBO_TAG_TT.rawValue: .code, GUMBO_TAG_S.rawValue: .strike, GUMBO_TAG_DEL.rawValue: .strike,
    GUMBO_TAG_STRIKE.rawValue: .strike, GUMBO_TAG_U.rawValue: .underline,
  ]
  private static let levels: [UInt32: Int] = [
    GUMBO_TAG_H1.rawValue: 1, GUMBO_TAG_H2.rawValue: 2, GUMBO_TAG_H3.rawValue: 3,
    GUMBO_TAG_H4.rawValue: 4, GUMBO_TAG_H5.rawValue: 5, GUMBO_TAG_H6.rawValue: 6,
  ]

  private mutating func walk(_ root: UnsafeMutablePointer<GumboNode>) {
    var stack: [(node: UnsafeMutablePointer<GumboNode>, leaving: Bool)] = [(root, false)]
    while let (node, leaving) = stack.popLast() {
      if leaving {
        leave(node)
        continue
      }
      var children: GumboVector? = nil
      switch node.pointee.type {
      case GUMBO_NODE_DOCUMENT: children = node.pointee.v.document.children
      case GUMBO_NODE_ELEMENT:
        guard enter(node) else { continue }
        stack.append((node, true))
        children = node.pointee.v.element.children
      case GUMBO_NODE_TEXT, GUMBO_NODE_WHITESPACE, GUMBO_NODE_CDATA: text(node)
      default: break
      }
      guard let children, let data = children.data else { continue }
      for index in stride(from: Int(children.length) - 1, through: 0, by: -1) {
        if let child = data[index] {
          stack.append((child.assumingMemoryBound(to: GumboNode.self), false))
        }
      }
    }
  }

  private static func attribute(_ name: String, of element: GumboElement) -> String? {
    var attributes = element.attributes
    guard let found = gumbo_get_attribute(&attributes, name), let value = found.pointee.value else {
      return nil
    }
    return String(cString: value)
  }

  private var style: Style { styles.reduce([]) { $0.union($1) } }

  private mutating func enter(_ node: UnsafeMutablePointer<GumboNode>) -> Bool {
    let glyphs = self.glyphs
    let element = node.pointee.v.element
    let tag = element.tag.rawValue
    let start = base + Int(element.start_pos.offset)
    if Self.skipped.contains(tag) || Self.attribute("hidden", of: element) != nil { return false }
    if tag == GUMBO_TAG_TITLE.rawValue { return false }
    if !Self.inline.contains(tag) && table == nil {
      flush(end: start)
      // A block's first line stands from its start tag, as a heading's
      // section does.
      blockStart = start
    }
    if let style = Self.styles[tag] { styles.append(style) }
    switch tag {
    case _ where Self.levels[tag] != nil:
      heading = Self.levels[tag]!
      styles.append(MarkdownLayout.headingStyle(heading))
    case GUMBO_TAG_A.rawValue:
      links.append(Self.attribute("href", of: element))
      styles.append(.underline)
    case GUMBO_TAG_IMG.rawValue:
      add(
        Run(
          "[image: \(Self.attribute("alt", of: element) ?? "")]", style: style.union(.faint),
          offset: start))
    case GUMBO_TAG_BR.rawValue: add(Run("\n", style: style, offset: start))
    case GUMBO_TAG_HR.rawValue:
      emit(start..<start) { width, first, _ in
        [
          PageLine(
            runs: first + [
              Run(
                glyphs.line(max(width - Wrapper.width(of: first), 1)),
                style: .faint)
            ], bytes: start..<start)
        ]
      }
    case GUMBO_TAG_PRE.rawValue: preformatted += 1
    case GUMBO_TAG_UL.rawValue, GUMBO_TAG_MENU.rawValue: numbers.append(nil)
    case GUMBO_TAG_OL.rawValue: numbers.append(Int(Self.attribute("start", of: element) ?? "") ?? 1)
    case GUMBO_TAG_LI.rawValue:
      var marker = glyphs.bullets[0]
      if let number = numbers.last ?? nil {
        marker = "\(number). "
        numbers[numbers.count - 1] = number + 1
      }
      containers.append(Container(kind: .item, list: numbers.count, tight: true, marker: marker))
    case GUMBO_TAG_BLOCKQUOTE.rawValue:
      containers.append(Container(kind: .quote, list: nil, tight: false, marker: glyphs.quote))
    case GUMBO_TAG_TABLE.rawValue where table == nil: table = TableLayout()
    case GUMBO_TAG_TR.rawValue: table?.startRow(header: false, at: start - base)
    case GUMBO_TAG_TH.rawValue, GUMBO_TAG_TD.rawValue:
      if table != nil {
        runs = []
        if tag == GUMBO_TAG_TH.rawValue, table!.rows.count == 1 { table!.rows[0].header = true }
      }
    default: break
    }
    return true
  }

  private mutating func leave(_ node: UnsafeMutablePointer<GumboNode>) {
    let glyphs = self.glyphs
    let element = node.pointee.v.element
    let tag = element.tag.rawValue
    let end = base + Int(element.end_pos.offset)
    if Self.styles[tag] != nil { styles.removeLast() }
    switch tag {
    case _ where Self.levels[tag] != nil:
      flush(end: end)
      heading = 0
      styles.removeLast()
    case GUMBO_TAG_A.rawValue:
      links.removeLast()
      styles.removeLast()
    case GUMBO_TAG_PRE.rawValue:
      flush(end: end)
      preformatted -= 1
    case GUMBO_TAG_UL.rawValue, GUMBO_TAG_MENU.rawValue, GUMBO_TAG_OL.rawValue:
      if !numbers.isEmpty { numbers.removeLast() }
    case GUMBO_TAG_LI.rawValue, GUMBO_TAG_BLOCKQUOTE.rawValue:
      flush(end: end)
      if !containers.isEmpty { containers.removeLast() }
    case GUMBO_TAG_TH.rawValue, GUMBO_TAG_TD.rawValue:
      if table != nil {
        table!.addCell(runs)
        runs = []
      }
    case GUMBO_TAG_TABLE.rawValue:
      if let table {
        let base = self.base
        let start = table.rows.first.map { base + $0.start } ?? end
        let range = start..<max(end, start)
        self.table = nil
        emit(range) { width, first, rest in
          table.lines(
            width: width, first: first, rest: rest, base: base,
            bytes: range.lowerBound - base..<range.upperBound - base, glyphs: glyphs)
        }
      }
    default:
      if !Self.inline.contains(tag) && table == nil { flush(end: end) }
    }
  }

  private mutating func text(_ node: UnsafeMutablePointer<GumboNode>) {
    guard let pointer = node.pointee.v.text.text else { return }
    var text = String(cString: pointer)
    let offset = base + Int(node.pointee.v.text.start_pos.offset)
    if preformatted == 0 {
      text = String(text.map { $0.isWhitespace ? " " : $0 })
      if node.pointee.type == GUMBO_NODE_WHITESPACE && runs.isEmpty { return }
    }
    add(
      Run(
        text, style: style.union(preformatted > 0 ? .code : []), link: links.last ?? nil,
        offset: offset))
  }

  private mutating func add(_ run: Run) {
    if blockStart == nil { blockStart = run.offset }
    runs.append(run)
  }

  /// Draws the text gathered so far as a block ending at `end`.
  private mutating func flush(end: Int) {
    let glyphs = self.glyphs
    guard !runs.isEmpty, table == nil else { return }
    let gathered = runs
    runs = []
    let start = blockStart ?? lastEnd
    blockStart = nil
    let range = min(start, end)..<max(end, start)
    if gathered.allSatisfy({ $0.text.allSatisfy { $0 == " " || $0 == "\n" } }) { return }
    let level = heading
    if preformatted > 0 {
      let text = gathered.map(\.text).joined()
      var pieces = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      while pieces.first == "" { pieces.removeFirst() }
      while pieces.last == "" { pieces.removeLast() }
      emit(range) { _, first, rest in
        var offset = range.lowerBound
        return pieces.enumerated().map { index, piece in
          let line = PageLine(
            runs: [
              Run(glyphs.codeBar, style: .faint),
              Run(CodeFrame.expandTabs(piece), style: .code, offset: offset),
            ],
            bytes: offset..<min(offset + piece.utf8.count + 1, max(range.upperBound, offset)),
            lead: glyphs.codeBar.count, sideways: true)
          offset = line.bytes.upperBound
          return line.after(index == 0 ? first : rest)
        }
      }
      return
    }
    emit(range) { width, first, rest in
      var wrapped = Wrapper.wrap(gathered, width: width, first: first, rest: rest, bytes: range)
      if level == 1 || level == 2, !wrapped.isEmpty {
        wrapped.append(
          HeadingRule.under(
            wrapped, rest: rest, width: width, glyphs: glyphs, heavy: level == 1,
            at: range.upperBound))
      }
      return wrapped
    }
  }

  /// Draws a block after a blank line, with the containers' markers.
  private mutating func emit(
    _ range: Range<Int>, _ body: (_ width: Int, _ first: [Run], _ rest: [Run]) -> [PageLine]
  ) {
    let inItem = containers.last?.kind == .item && containers.last?.started == true
    if !lines.isEmpty && !(containers.last?.kind == .item) || inItem {
      let gap = min(lastEnd, range.lowerBound)..<max(range.lowerBound, lastEnd)
      if lines.last?.text.isEmpty == false { lines.append(PageLine(runs: [], bytes: gap)) }
    }
    var first = ""
    var rest = ""
    for index in containers.indices {
      first += containers[index].started ? containers[index].continuation : containers[index].marker
      rest += containers[index].continuation
      containers[index].started = true
    }
    lines += body(
      width, first.isEmpty ? [] : [Run(first, style: .faint)],
      rest.isEmpty ? [] : [Run(rest, style: .faint)])
    lastEnd = max(lastEnd, range.upperBound)
  }
}
