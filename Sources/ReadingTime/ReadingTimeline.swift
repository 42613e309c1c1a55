/// Where the reading time lies in a document: each stretch of reading (a
/// block) at the byte where it starts, with the seconds read up to it, so
/// the time left from any byte is a subtraction, and so is what there is
/// to read between two headings of any level (`isle show`'s words).
public struct ReadingTimeline: Sendable, Equatable {
  /// The byte offsets where stretches start, ascending.
  private var offsets: [Int] = []
  /// The seconds of every stretch before each one: `before[i]` is the sum
  /// of the stretches `0..<i`; one more entry holds the whole.
  private var before: [Double] = [0]
  /// The reading of every stretch before each one, as `before`.
  private var readBefore: [ReadingAmount] = [ReadingAmount()]

  /// An empty timeline.
  public init() {}

  /// Adds a stretch of `seconds` starting at `offset` (not before the
  /// last), reading `reading`.
  mutating func append(offset: Int, seconds: Double, reading: ReadingAmount) {
    offsets.append(offset)
    before.append(before[before.count - 1] + seconds)
    var sum = readBefore[readBefore.count - 1]
    sum += reading
    readBefore.append(sum)
  }

  /// The seconds of all the stretches.
  public var total: Double { before[before.count - 1] }

  /// The seconds of the stretches that start at or after `offset` and
  /// before `end`: what is left to read from that byte.
  public func seconds(from offset: Int, to end: Int = .max) -> Double {
    let first = offsets.countAtOrBefore(offset - 1) { $0 }
    let last = offsets.countAtOrBefore(end - 1) { $0 }
    return max(before[last] - before[min(first, last)], 0)
  }

  /// What the stretches that start at or after `offset` and before `end`
  /// read: exact between any two headings, whose offsets stretches never
  /// straddle.
  public func reading(from offset: Int, to end: Int = .max) -> ReadingAmount {
    let first = offsets.countAtOrBefore(offset - 1) { $0 }
    let last = max(offsets.countAtOrBefore(end - 1) { $0 }, first)
    let (high, low) = (readBefore[last], readBefore[first])
    return ReadingAmount(
      words: high.words - low.words, cjkCharacters: high.cjkCharacters - low.cjkCharacters,
      images: high.images - low.images)
  }

  /// The same stretches at the bytes `move` gives for theirs, which keeps
  /// their order (stretches may come to share a byte).
  public func moved(_ move: (Int) -> Int) -> ReadingTimeline {
    var copy = self
    copy.offsets = offsets.map(move)
    return copy
  }
}
