/// The reading of a document shared among its sections: what each part
/// reads, its seconds and its share of the minutes, and the timeline the
/// time left is read from. Part 0 is the text before the first section;
/// part `i + 1` is section `i`.
package struct ReadingTimes {
  /// What each part reads.
  package private(set) var readings: [ReadingAmount]
  /// Each part's seconds, unrounded.
  package private(set) var seconds: [Double]
  /// Each part's whole minutes, adding up to the document's.
  package let minutes: [Int]
  /// The document's minutes: its seconds rounded once.
  package let totalMinutes: Int
  /// Every stretch at its byte.
  package private(set) var timeline = ReadingTimeline()
  /// The whole document's reading.
  package private(set) var total = ReadingAmount()

  /// Shares `stretches` among the parts by where each starts; `starts` are
  /// the sections' offsets, ascending. An image costs what the next image
  /// of its own part costs, so the stretches add up to the parts.
  package init(_ stretches: [ReadingStretch], starts: [Int], rate: ReadingRate) {
    readings = Array(repeating: ReadingAmount(), count: starts.count + 1)
    seconds = Array(repeating: 0, count: starts.count + 1)
    // Stretches come in the order the parsers found them (footnotes last);
    // the timeline wants them by offset.
    let ordered = stretches.indices.sorted {
      (stretches[$0].offset, $0) < (stretches[$1].offset, $1)
    }
    for index in ordered {
      let stretch = stretches[index]
      let part = starts.countAtOrBefore(stretch.offset) { $0 }
      let time = rate.seconds(for: stretch.reading, imagesBefore: readings[part].images)
      readings[part] += stretch.reading
      total += stretch.reading
      timeline.append(offset: stretch.offset, seconds: time, reading: stretch.reading)
    }
    // Each part's seconds from its whole numbers of words, characters and
    // images, not summed stretch by stretch: the same reading gives the
    // same seconds to the last bit however it was grouped (a document
    // read in pieces sums its stretches between headings first).
    seconds = readings.map { rate.seconds(for: $0) }
    totalMinutes = MinuteShares.rounded(seconds.reduce(0, +))
    minutes = MinuteShares.share(seconds, total: totalMinutes)
  }
}
