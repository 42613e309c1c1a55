import Outline
import ReadingTime

/// A stretch of a document `isle show` prints: a section's text (or the
/// text before the first section), whole or one of the parts a long one is
/// cut in, with what it reads.
public struct Excerpt: Equatable, Sendable {
  /// The heading it is the section of (an index into
  /// `HeadingTree.headings`); nil for the text before the first section.
  public var heading: Int?
  /// Its bytes, end exclusive.
  public var bytes: Range<Int>
  /// Which part of its section it is, from 1, and of how many.
  public var part = 1
  public var parts = 1
  /// What there is to read in it.
  public var reading: ReadingAmount
  /// Seconds to read it, unrounded.
  public var seconds: Double

  /// An excerpt of `bytes` reading `reading` at `rate`, its images the
  /// next after `imagesBefore` of its section's.
  public init(
    heading: Int?, bytes: Range<Int>, reading: ReadingAmount, rate: ReadingRate,
    imagesBefore: Int = 0
  ) {
    self.heading = heading
    self.bytes = bytes
    self.reading = reading
    self.seconds = rate.seconds(for: reading, imagesBefore: imagesBefore)
  }

  /// `excerpts` in document order, each once: one inside another is
  /// printed within it, so it is left out.
  public static func merged(_ excerpts: [Excerpt]) -> [Excerpt] {
    let ordered = excerpts.sorted {
      ($0.bytes.lowerBound, -$0.bytes.upperBound) < ($1.bytes.lowerBound, -$1.bytes.upperBound)
    }
    var result: [Excerpt] = []
    for excerpt in ordered {
      if let last = result.last, last.bytes.lowerBound <= excerpt.bytes.lowerBound,
        excerpt.bytes.upperBound <= last.bytes.upperBound
      {
        continue
      }
      result.append(excerpt)
    }
    return result
  }

  /// The excerpt cut at block boundaries (`blocks.starts`) into parts of
  /// at most `maxWords` words where it reads more: a block is never cut,
  /// and one longer than that stays whole. Each part reads its own blocks.
  public func cut(maxWords: Int, blocks: MarkdownBlocks, rate: ReadingRate) -> [Excerpt] {
    guard reading.wordCount > maxWords else { return [self] }
    let (start, end) = (bytes.lowerBound, bytes.upperBound)
    // The cuts inside the excerpt, and what each stretch between reads.
    var first = blocks.starts.countAtOrBefore(start) { $0 }
    let last = blocks.starts.countAtOrBefore(end - 1) { $0 }
    var stretches: [(start: Int, reading: ReadingAmount)] = [(start, ReadingAmount())]
    if first > 0, blocks.starts[first - 1] == start {
      stretches[0].reading = blocks.readings[first - 1]
    }
    while first < last {
      stretches.append((blocks.starts[first], blocks.readings[first]))
      first += 1
    }
    var result: [Excerpt] = []
    var open = stretches[0]
    var images = 0
    func close(at cut: Int) {
      var part = Excerpt(
        heading: heading, bytes: open.start..<cut, reading: open.reading, rate: rate,
        imagesBefore: images)
      part.part = result.count + 1
      result.append(part)
      images += open.reading.images
    }
    for stretch in stretches.dropFirst() {
      if open.reading.wordCount > 0, open.reading.wordCount + stretch.reading.wordCount > maxWords {
        close(at: stretch.start)
        open = stretch
      } else {
        open.reading += stretch.reading
      }
    }
    close(at: end)
    for index in result.indices { result[index].parts = result.count }
    return result
  }
}
