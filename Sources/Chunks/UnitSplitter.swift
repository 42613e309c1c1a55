import Tokens

/// A record's text cut into units that each fit `budget` tokens: its
/// blocks whole when they fit, else each one cut as its shape allows (a
/// code block between lines, a table between rows, prose between
/// paragraphs, then sentences, then words), and last between tokens.
struct UnitSplitter {
  let text: UnsafeBufferPointer<UInt8>
  /// Tokens a unit may have.
  let budget: Int
  /// Tokens an embed may have.
  let limit: Int
  var counter: TokenCounter
  var units: [ChunkUnit] = []
  var blocks: [WrappedBlock] = []

  /// The units of the blocks that start at `starts` (the first at the
  /// text's start) in `range`.
  mutating func split(_ range: Range<Int>, blockStarts starts: [Int]) {
    for (index, start) in starts.enumerated() {
      let end = index + 1 < starts.count ? starts[index + 1] : range.upperBound
      guard start < end else { continue }
      let tokens = count(start..<end)
      if tokens <= budget {
        units.append(ChunkUnit(range: start..<end, tokens: tokens, block: nil))
      } else {
        splitBlock(start..<end)
      }
    }
  }

  mutating func count(_ range: Range<Int>) -> Int {
    counter.count(UnsafeBufferPointer(rebasing: text[range]).span)
  }

  /// A block too long for one unit, cut as its shape allows.
  private mutating func splitBlock(_ range: Range<Int>) {
    switch BlockShape.of(text, range) {
    case .code(let open, let close, let contentStart, let closeStart):
      code(open: open, close: close, contentStart: contentStart, closeStart: closeStart, end: range.upperBound)
    case .table(let header) where count(header) + 1 <= limit / 3:
      let wrapped = wrap(
        open: Array(text[header]), close: [], inner: header.upperBound, closeStart: range.upperBound)
      add(header, block: wrapped)
      for line in TextLines.lines(text, header.upperBound..<range.upperBound) {
        add(line..<TextLines.lineEnd(text, from: line, end: range.upperBound), block: wrapped)
      }
    case .lines, .table:
      // Indented code, or a table whose header and delimiter rows would
      // take more than a third of the limit each time: rows alone.
      for line in TextLines.lines(text, range) {
        add(line..<TextLines.lineEnd(text, from: line, end: range.upperBound), block: nil)
      }
    case .prose:
      prose(range, level: 0)
    }
  }

  /// A fenced code block cut between its lines.
  private mutating func code(
    open: Range<Int>, close: [UInt8], contentStart: Int, closeStart: Int, end: Int
  ) {
    let wrapped = wrap(open: Array(text[open]), close: close, inner: contentStart, closeStart: closeStart)
    add(open.lowerBound..<contentStart, block: wrapped)
    for line in TextLines.lines(text, contentStart..<closeStart) {
      add(line..<TextLines.lineEnd(text, from: line, end: closeStart), block: wrapped)
    }
    guard closeStart < end else { return }
    // The closing fence's line, then what follows it in the block (link
    // definitions, blank lines), which is no code.
    let closeEnd = TextLines.lineEnd(text, from: closeStart, end: end)
    add(closeStart..<closeEnd, block: wrapped)
    if closeEnd < end { prose(closeEnd..<end, level: 0) }
  }

  private mutating func wrap(open: [UInt8], close: [UInt8], inner: Int, closeStart: Int) -> Int {
    var openText = open
    if openText.last != 0x0A { openText.append(0x0A) }
    let tokens = counter.count(openText) + counter.count(close) + 1
    blocks.append(
      WrappedBlock(open: openText, close: close, inner: inner, closeStart: closeStart, tokens: tokens))
    return blocks.count - 1
  }

  /// One unit of `range` in `block` when it fits the budget left beside
  /// the block's fence or header, else its words, then its tokens.
  private mutating func add(_ range: Range<Int>, block: Int?) {
    guard !range.isEmpty else { return }
    let tokens = count(range)
    let room = budget - (block.map { blocks[$0].tokens } ?? 0)
    if tokens <= room || room <= 0 {
      units.append(ChunkUnit(range: range, tokens: tokens, block: block))
      return
    }
    pieces(range, starts: TextLines.words(text, range), room: room, block: block)
  }

  /// Prose too long for a unit: its paragraphs, else sentences, else
  /// words, else tokens.
  private mutating func prose(_ range: Range<Int>, level: Int) {
    if level == 0, let fence = NestedFence.first(in: text, range) {
      // A code block inside a list item or a quote: cut as code, the
      // prose around it as prose.
      if fence.open.lowerBound > range.lowerBound { prose(range.lowerBound..<fence.open.lowerBound, level: 0) }
      let end = fence.end
      let tokens = count(fence.open.lowerBound..<end)
      if tokens <= budget {
        units.append(ChunkUnit(range: fence.open.lowerBound..<end, tokens: tokens, block: nil))
      } else {
        code(
          open: fence.open, close: fence.close, contentStart: fence.open.upperBound,
          closeStart: fence.closeStart, end: end)
      }
      if end < range.upperBound { prose(end..<range.upperBound, level: 0) }
      return
    }
    let starts: [Int]
    switch level {
    case 0: starts = TextLines.paragraphs(text, range)
    case 1: starts = TextLines.sentences(text, range)
    case 2: starts = TextLines.words(text, range)
    default:
      tokens(range, room: budget, block: nil)
      return
    }
    for (index, start) in starts.enumerated() {
      let end = index + 1 < starts.count ? starts[index + 1] : range.upperBound
      let tokens = count(start..<end)
      if tokens <= budget {
        units.append(ChunkUnit(range: start..<end, tokens: tokens, block: nil))
      } else {
        prose(start..<end, level: level + 1)
      }
    }
  }

  /// `range` cut at `starts` into units of at most `room` tokens, a piece
  /// too long cut between its tokens.
  private mutating func pieces(
    _ range: Range<Int>, starts: [Int], room: Int, block: Int?
  ) {
    for (index, start) in starts.enumerated() {
      let end = index + 1 < starts.count ? starts[index + 1] : range.upperBound
      let tokens = count(start..<end)
      if tokens <= room {
        units.append(ChunkUnit(range: start..<end, tokens: tokens, block: block))
      } else {
        self.tokens(start..<end, room: room, block: block)
      }
    }
  }

  /// `range` cut between its tokens, half of `room` at a time (at a
  /// scalar's boundary: a token that ends inside a character waits for
  /// its end).
  private mutating func tokens(_ range: Range<Int>, room: Int, block: Int?) {
    let ends = counter.ends(UnsafeBufferPointer(rebasing: text[range]).span)
    let step = max(1, room / 2)
    var start = range.lowerBound
    var taken = 0
    for relative in ends {
      var end = range.lowerBound + relative
      guard end > start else { continue }
      taken += 1
      guard taken >= step || end == range.upperBound else { continue }
      while end < range.upperBound, text[end] & 0xC0 == 0x80 { end += 1 }
      units.append(ChunkUnit(range: start..<end, tokens: count(start..<end), block: block))
      start = end
      taken = 0
    }
  }
}
