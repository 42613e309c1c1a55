import Cells
import HTMLOutline
import Outline

/// Lays an HTML page (or an HTML block inside Markdown) out in lines: the
/// visible text the outline reads (not `<head>`, `<script>`, `<style>`,
/// `<template>`, `<noscript>` or what is `hidden`), with its block
/// structure: headings, paragraphs, lists, quotes, preformatted text in a
/// frame, tables, rules. The outline's tree of it (`HTMLTree`) is visited in
/// order.
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
    layout.visit(HTMLTree.parse(bytes, scope: scope, keeping: Self.attributesKept).steps)
    layout.flush(end: base + bytes.count)
    return layout.lines
  }

  /// The attributes drawn or obeyed.
  private static let attributesKept: Set<String> = ["hidden", "href", "alt", "start"]
  private static let skipped: Set<String> = ["script", "style", "noscript", "template", "head"]
  private static let inline: Set<String> = [
    "a", "abbr", "b", "bdi", "bdo", "cite", "code", "data", "del", "dfn", "em", "font", "i", "ins",
    "kbd", "label", "mark", "q", "s", "samp", "small", "span", "strike", "strong", "sub", "sup",
    "time", "tt", "u", "var", "wbr", "big", "nobr", "img", "br",
  ]
  private static let styles: [String: Style] = [
    "b": .bold, "strong": .bold, "em": .italic, "i": .italic, "cite": .italic, "code": .code,
    "kbd": .code, "samp": .code, "tt": .code, "s": .strike, "del": .strike, "strike": .strike,
    "u": .underline,
  ]
  private static let levels: [String: Int] = [
    "h1": 1, "h2": 2, "h3": 3, "h4": 4, "h5": 5, "h6": 6,
  ]

  /// Visits the steps, an element `enter` turns down (and all it holds)
  /// passed over.
  private mutating func visit(_ steps: [HTMLTree.Step]) {
    var index = 0
    while index < steps.count {
      switch steps[index] {
      case .enter(let element):
        if !enter(element) { index = element.leaving }
      case .leave(let element): leave(element)
      case .text(let text, let offset, let whitespace):
        self.text(text, offset: offset, whitespace: whitespace)
      }
      index += 1
    }
  }

  private var style: Style { styles.reduce([]) { $0.union($1) } }

  private mutating func enter(_ element: HTMLElement) -> Bool {
    let glyphs = self.glyphs
    let tag = element.tag
    let start = base + element.start
    if Self.skipped.contains(tag) || element.attribute("hidden") != nil { return false }
    if tag == "title" { return false }
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
    case "a":
      links.append(element.attribute("href"))
      styles.append(.underline)
    case "img":
      add(
        Run(
          "[image: \(element.attribute("alt") ?? "")]", style: style.union(.faint),
          offset: start))
    case "br": add(Run("\n", style: style, offset: start))
    case "hr":
      emit(start..<start) { width, first, _ in
        [BreakRule.line(width: width, first: first, glyphs: glyphs, bytes: start..<start)]
      }
    case "pre": preformatted += 1
    case "ul", "menu": numbers.append(nil)
    case "ol": numbers.append(Int(element.attribute("start") ?? "") ?? 1)
    case "li":
      var marker = glyphs.bullets[0]
      if let number = numbers.last ?? nil {
        marker = "\(number). "
        numbers[numbers.count - 1] = number + 1
      }
      containers.append(Container(kind: .item, list: numbers.count, tight: true, marker: marker))
    case "blockquote":
      containers.append(Container(kind: .quote, list: nil, tight: false, marker: glyphs.quote))
    case "table" where table == nil: table = TableLayout()
    case "tr": table?.startRow(header: false, at: start - base)
    case "th", "td":
      if table != nil {
        runs = []
        if tag == "th", table!.rows.count == 1 { table!.rows[0].header = true }
      }
    default: break
    }
    return true
  }

  private mutating func leave(_ element: HTMLElement) {
    let glyphs = self.glyphs
    let tag = element.tag
    let end = base + element.end
    if Self.styles[tag] != nil { styles.removeLast() }
    switch tag {
    case _ where Self.levels[tag] != nil:
      flush(end: end)
      heading = 0
      styles.removeLast()
    case "a":
      links.removeLast()
      styles.removeLast()
    case "pre":
      flush(end: end)
      preformatted -= 1
    case "ul", "menu", "ol":
      if !numbers.isEmpty { numbers.removeLast() }
    case "li", "blockquote":
      flush(end: end)
      if !containers.isEmpty { containers.removeLast() }
    case "th", "td":
      if table != nil {
        table!.addCell(runs)
        runs = []
      }
    case "table":
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

  private mutating func text(_ text: String, offset: Int, whitespace: Bool) {
    var text = text
    let offset = base + offset
    if preformatted == 0 {
      text = ASCIIText.spaced(text) ?? String(text.map { $0.isWhitespace ? " " : $0 })
      if whitespace && runs.isEmpty { return }
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
    if gathered.allSatisfy({ $0.text.utf8.allSatisfy { $0 == 0x20 || $0 == 0x0A } }) { return }
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
              Run(TabStops.expand(piece), style: .code, offset: offset),
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
    let marks = containers.marks()
    lines += body(width, marks.first, marks.rest)
    lastEnd = max(lastEnd, range.upperBound)
  }
}
