import Found
import ReadingTime

/// A Markdown document's top-level blocks, for `isle show`: where a long
/// section may be cut (never inside a code block, table, list item, quote or
/// HTML block) and what each block reads, and where each heading's lines
/// end.
///
/// Made by the outline's own parse when asked (`OutlineOptions.findsBlocks`,
/// `Outlined.blocks`), which is then one whole parse with the links: the
/// outline otherwise keeps no block of a large document, only what lies
/// between its headings.
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

  /// The blocks of a Markdown document as a whole parse with its links
  /// found them (`found`; front matter, before `hidden`, left out as the
  /// outline leaves it out), each offset put through `mapOffset`.
  init(_ found: Findings, hidden: Int, mapOffset: (Int) -> Int = { $0 }) {
    starts = Array(Set(found.blockStarts)).sorted()
    if starts.first.map({ $0 > hidden }) ?? true { starts.insert(hidden, at: 0) }
    readings = Array(repeating: ReadingAmount(), count: starts.count)
    for stretch in found.readings where stretch.heading == nil {
      let index = max(starts.countAtOrBefore(stretch.offset) { $0 } - 1, 0)
      readings[index] += stretch.reading
    }
    headings = found.headings.compactMap { heading in
      heading.endOffset.map { (mapOffset(heading.offset), mapOffset($0)) }
    }
    .sorted { $0.start < $1.start }
    starts = starts.map(mapOffset)
  }

  /// Where the heading that starts at `offset` ends, if cmark read it.
  public func headingEnd(at offset: Int) -> Int? {
    let index = headings.countAtOrBefore(offset) { $0.start } - 1
    guard index >= 0, headings[index].start == offset else { return nil }
    return headings[index].end
  }

}
