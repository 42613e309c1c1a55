import Cells
import Outline
import ReadingTime

/// A document's headings at every level, each under the nearest before it
/// of a higher level, with the sections shown among them: what `isle show`
/// picks from, and where each section's own text runs.
public struct HeadingTree: Sendable {
  /// A heading, shown as a section or not.
  public struct Heading: Sendable, Equatable {
    public var level: Int
    public var title: String
    public var id: String?
    /// Where it starts, as a section's `offset`.
    public var offset: Int
    public var line: Int
    /// Its number among the sections shown; nil for one the levels shown
    /// leave out.
    public var number: Int?
  }

  /// Every heading, in document order.
  public let headings: [Heading]
  /// The heading each one is under (the nearest before it of a higher
  /// level); nil at the top.
  public let parents: [Int?]
  /// The heading of each section shown: `headings[shown[i]]` is section
  /// `i + 1`.
  public let shown: [Int]
  /// The heading of each of the document's folded headings, in order.
  public let folded: [Int]
  /// Where each heading's section ends with its subsections: the next
  /// heading at its level or above, else the end.
  let ends: [Int]
  /// Where the text starts: after front matter.
  public let textStart: Int
  let size: Int
  let lines: LineIndex
  let timeline: ReadingTimeline
  let rate: ReadingRate

  /// The tree of `document`, whose text starts at `textStart` (after its
  /// front matter), timed at `rate`.
  public init(_ document: Document, textStart: Int = 0, rate: ReadingRate = ReadingRate()) {
    var headings: [Heading] = []
    var shown: [Int] = []
    var foldedIndices: [Int] = []
    headings.reserveCapacity(document.sections.count + document.folded.count)
    var folded = document.folded.makeIterator()
    var next = folded.next()
    for section in document.sections {
      while let heading = next, heading.offset < section.offset {
        foldedIndices.append(headings.count)
        headings.append(Heading(heading))
        next = folded.next()
      }
      shown.append(headings.count)
      headings.append(Heading(section))
    }
    while let heading = next {
      foldedIndices.append(headings.count)
      headings.append(Heading(heading))
      next = folded.next()
    }
    var parents = [Int?](repeating: nil, count: headings.count)
    var ends = [Int](repeating: document.size, count: headings.count)
    var open: [Int] = []
    for (index, heading) in headings.enumerated() {
      while let last = open.last, headings[last].level >= heading.level {
        ends[last] = heading.offset
        open.removeLast()
      }
      parents[index] = open.last
      open.append(index)
    }
    self.headings = headings
    self.parents = parents
    self.shown = shown
    self.folded = foldedIndices
    self.ends = ends
    self.textStart = min(textStart, document.size)
    self.size = document.size
    self.lines = document.lines
    self.timeline = document.timeline
    self.rate = rate
  }

  /// The titles from the top of the document down to `heading`'s own.
  public func titles(to heading: Int) -> [String] {
    var titles = [headings[heading].title]
    var above = parents[heading]
    while let index = above {
      titles.append(headings[index].title)
      above = parents[index]
    }
    return titles.reversed()
  }

  /// The text before the first section shown (after front matter), nil
  /// when there is none: a record numbered 0. With `subsections` false it
  /// stops at the first heading of any level.
  public func preamble(subsections: Bool = true) -> Range<Int>? {
    let first = shown.first.map { headings[$0].offset } ?? size
    let end = subsections ? first : min(first, headings.first?.offset ?? size)
    return end > textStart ? textStart..<end : nil
  }

  /// The section of `heading` (nil: the text before the first section):
  /// from its start (with `bodyStart`, where its body starts) to the next
  /// heading at its level or above, or, without `subsections`, to the
  /// next heading of any level. Nil for a preamble there is not.
  public func excerpt(
    _ heading: Int?, subsections: Bool = true, bodyStart: ((Int) -> Int)? = nil
  ) -> Excerpt? {
    guard let heading else {
      return preamble(subsections: subsections).map {
        Excerpt(heading: nil, bytes: $0, reading: reading(of: $0), rate: rate)
      }
    }
    let start = headings[heading].offset
    let end =
      subsections
      ? ends[heading] : heading + 1 < headings.count ? headings[heading + 1].offset : size
    let body = bodyStart.map { min(max($0(heading), start), end) } ?? start
    // The reading is the section's: its heading's title is not read.
    return Excerpt(
      heading: heading, bytes: body..<end, reading: reading(of: start..<end), rate: rate)
  }

  /// Every section shown and the text before the first, in order: the
  /// records that cover the document from `textStart` to its end, each
  /// section up to the next shown (deeper headings stay in its text). A
  /// document without sections is one record, however short.
  public func records() -> [Excerpt] {
    var records: [Excerpt] = []
    records.reserveCapacity(shown.count + 1)
    if let preamble = preamble() ?? (shown.isEmpty ? textStart..<size : nil) {
      records.append(
        Excerpt(heading: nil, bytes: preamble, reading: reading(of: preamble), rate: rate))
    }
    for (rank, heading) in shown.enumerated() {
      let end = rank + 1 < shown.count ? headings[shown[rank + 1]].offset : size
      let bytes = headings[heading].offset..<end
      records.append(
        Excerpt(heading: heading, bytes: bytes, reading: reading(of: bytes), rate: rate))
    }
    return records
  }

  /// The lines `bytes` stand on, the last included (the first alone when
  /// they are empty).
  public func lines(of bytes: Range<Int>) -> ClosedRange<Int> {
    let first = lines.line(ofOffset: bytes.lowerBound)
    return first...max(first, lines.line(ofOffset: max(bytes.upperBound - 1, bytes.lowerBound)))
  }

  /// What there is to read in `bytes`, which start and end at headings
  /// (or the ends of the text).
  func reading(of bytes: Range<Int>) -> ReadingAmount {
    timeline.reading(from: bytes.lowerBound, to: bytes.upperBound)
  }
}

extension HeadingTree.Heading {
  init(_ section: Section) {
    self.init(
      level: section.level, title: section.title, id: section.id, offset: section.offset,
      line: section.line, number: section.number)
  }

  init(_ heading: FoldedHeading) {
    self.init(
      level: heading.level, title: heading.title, id: heading.id, offset: heading.offset,
      line: heading.line, number: nil)
  }
}
