import ReadingTime

/// A Markdown document's top-level blocks, for `isle show`: where a long
/// section may be cut (never inside a code block, table, list item, quote or
/// HTML block) and what each block reads, and where each heading's lines
/// end.
///
/// One whole parse of its own, asked only when a section is to be cut or
/// printed without its heading: the outline keeps no block of a large
/// document, only what lies between its headings.
public struct MarkdownBlocks: Sendable {
  /// Where a part may start, ascending: the first line of each top-level
  /// block and of each item of a top-level list (the text before the first
  /// block belongs to the first).
  public var starts: [Int] = []
  /// What the text from each start to the next reads, headings' own
  /// titles aside (they name sections, as the outline counts them).
  public var readings: [ReadingAmount] = []
  /// The Markdown headings' starts, ascending, and beside each where the
  /// line after its last begins (after a setext heading's underline).
  public var headings: [(start: Int, end: Int)] = []

  /// No blocks.
  public init() {}

  /// The blocks of `bytes`, a Markdown document (front matter left out as
  /// the outline leaves it out).
  public static func parse(
    _ bytes: Span<UInt8>, maxDepth: Int = 20_000,
    maxColumns: Int = OutlineOptions.defaultMaxColumns
  ) throws(OutlineError) -> MarkdownBlocks {
    try bytes.withUnsafeBufferPointer { (buffer) throws(OutlineError) -> MarkdownBlocks in
      try TableWidthProbe.refuse(buffer, limit: maxColumns)
      let lines = LineIndex(buffer)
      let hidden = FrontMatter.find(in: buffer, lines: lines)?.endOffset ?? 0
      // With links, the visit also notes block starts and heading ends.
      let found = try MarkdownParser.parse(
        buffer, lines: lines, hiddenPrefix: hidden, maxDepth: maxDepth, findsLinks: true)
      var blocks = MarkdownBlocks()
      blocks.starts = Array(Set(found.blockStarts)).sorted()
      if blocks.starts.first.map({ $0 > hidden }) ?? true { blocks.starts.insert(hidden, at: 0) }
      blocks.readings = Array(repeating: ReadingAmount(), count: blocks.starts.count)
      for stretch in found.readings where stretch.heading == nil {
        let index = max(blocks.starts.countAtOrBefore(stretch.offset) { $0 } - 1, 0)
        blocks.readings[index] += stretch.reading
      }
      blocks.headings = found.headings.compactMap { heading in
        heading.endOffset.map { (heading.offset, $0) }
      }
      .sorted { $0.start < $1.start }
      return blocks
    }
  }

  /// Where the heading that starts at `offset` ends, if cmark read it.
  public func headingEnd(at offset: Int) -> Int? {
    let index = headings.countAtOrBefore(offset) { $0.start } - 1
    guard index >= 0, headings[index].start == offset else { return nil }
    return headings[index].end
  }

}
