import ReadingTime

/// What a reader yields: every heading (all levels) and every stretch of
/// reading, in any order; the outliner sorts them by offset. With
/// `OutlineOptions.findsLinks`, the links, the HTML anchors and the blocks an
/// editor folds too.
package struct Findings: Equatable, Sendable {
  package var headings: [FoundHeading] = []
  package var readings: [ReadingStretch] = []
  package var markers: [TocMarker] = []
  package var links: [FoundLink] = []
  package var anchors: [FoundAnchor] = []
  package var blocks: [FoundBlock] = []
  /// With links, the offset of each `]` that closes no link: cmark found
  /// no definition for the brackets before it (see `DocumentLinks`).
  package var strayClosers: [Int] = []
  /// With links, where each top-level block and each item of a top-level
  /// list starts, in the order found (see `MarkdownBlocks`).
  package var blockStarts: [Int] = []

  /// Nothing found yet.
  package init() {}

  /// The same findings with the headings in order of offset (cmark moves
  /// footnotes to the end) and the readings between two headings summed
  /// into one, put at the first heading's offset (or, before the first
  /// heading, at the first of them), in order of offset: what the outline
  /// makes of them is unchanged, and a large document's thousands of blocks
  /// take the room of its headings. The readings are not summed across
  /// the offsets of `splits` either (those of headings that may be added
  /// later), so the sums stay within every section.
  package func compacted(splittingAt splits: [Int] = []) -> Findings {
    let order = headings.indices.sorted { (headings[$0].offset, $0) < (headings[$1].offset, $1) }
    var rank = [Int](repeating: 0, count: headings.count)
    for (index, heading) in order.enumerated() { rank[heading] = index }
    let offsets = order.map { headings[$0].offset }
    let starts = splits.isEmpty ? offsets : (offsets + splits).sorted()
    var bodies = [ReadingAmount](repeating: ReadingAmount(), count: starts.count + 1)
    var before: Int? = nil
    var titles: [ReadingStretch] = []
    for stretch in readings {
      if let heading = stretch.heading {
        titles.append(
          ReadingStretch(offset: stretch.offset, reading: stretch.reading, heading: rank[heading]))
        continue
      }
      let span = starts.countAtOrBefore(stretch.offset) { $0 }
      if span == 0 { before = min(before ?? stretch.offset, stretch.offset) }
      bodies[span] += stretch.reading
    }
    var summed = titles
    for (span, reading) in bodies.enumerated() where !reading.isEmpty {
      summed.append(
        ReadingStretch(
          offset: span == 0 ? before ?? 0 : starts[span - 1], reading: reading, heading: nil))
    }
    summed.sort { ($0.offset, $0.heading ?? -1) < ($1.offset, $1.heading ?? -1) }
    var result = self
    result.headings = order.map { headings[$0] }
    result.readings = summed
    return result
  }

  /// The same findings with every offset moved by `mapOffset`: those of a
  /// document read in another encoding, made in its UTF-8, put back on
  /// its raw bytes.
  package func moved(by mapOffset: (Int) -> Int) -> Findings {
    var result = self
    for index in result.headings.indices {
      result.headings[index].offset = mapOffset(headings[index].offset)
    }
    for index in result.readings.indices {
      result.readings[index].offset = mapOffset(readings[index].offset)
    }
    for index in result.markers.indices {
      result.markers[index].offset = mapOffset(markers[index].offset)
      result.markers[index].endOffset = mapOffset(markers[index].endOffset)
    }
    for index in result.links.indices {
      result.links[index].offset = mapOffset(links[index].offset)
      if let range = links[index].destinationRange {
        result.links[index].destinationRange =
          mapOffset(range.lowerBound)..<mapOffset(range.upperBound)
      }
      if let range = links[index].labelRange {
        result.links[index].labelRange = mapOffset(range.lowerBound)..<mapOffset(range.upperBound)
      }
    }
    for index in result.anchors.indices {
      result.anchors[index].offset = mapOffset(anchors[index].offset)
    }
    result.strayClosers = strayClosers.map(mapOffset)
    return result
  }

  /// How many of each kind there are: where later findings begin.
  package struct Counts: Sendable {
    package var headings = 0
    package var readings = 0
    package var markers = 0
    package var links = 0
    package var anchors = 0
    package var blocks = 0
    package var strayClosers = 0

    /// Counts from their parts; none of any kind by default (where the
    /// first findings begin).
    package init(
      headings: Int = 0, readings: Int = 0, markers: Int = 0, links: Int = 0, anchors: Int = 0,
      blocks: Int = 0
    ) {
      (self.headings, self.readings, self.markers) = (headings, readings, markers)
      (self.links, self.anchors, self.blocks) = (links, anchors, blocks)
    }
  }

  package var counts: Counts {
    var counts = Counts(
      headings: headings.count, readings: readings.count, markers: markers.count,
      links: links.count, anchors: anchors.count, blocks: blocks.count)
    counts.strayClosers = strayClosers.count
    return counts
  }

  /// The findings from `start` to `end`, their heading indices counted
  /// from the first of them.
  package func cut(from start: Counts, to end: Counts) -> Findings {
    var part = Findings()
    part.headings = Array(headings[start.headings..<end.headings])
    part.readings = readings[start.readings..<end.readings].map { stretch in
      var moved = stretch
      moved.heading = stretch.heading.map { $0 - start.headings }
      return moved
    }
    part.markers = Array(markers[start.markers..<end.markers])
    part.links = Array(links[start.links..<end.links])
    part.anchors = Array(anchors[start.anchors..<end.anchors])
    part.blocks = Array(blocks[start.blocks..<end.blocks])
    part.strayClosers = Array(strayClosers[start.strayClosers..<end.strayClosers])
    return part
  }

  /// Adds another reader's findings (markers, links and anchors too),
  /// keeping heading indices right.
  package mutating func append(_ other: Findings) {
    let shift = headings.count
    markers += other.markers
    links += other.links
    anchors += other.anchors
    blocks += other.blocks
    strayClosers += other.strayClosers
    blockStarts += other.blockStarts
    headings += other.headings
    readings += other.readings.map { stretch in
      var moved = stretch
      moved.heading = stretch.heading.map { $0 + shift }
      return moved
    }
  }
}
