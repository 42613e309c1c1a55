/// A heading as a reader found it, before levels and ids are decided.
struct FoundHeading: Equatable {
  var level: Int
  var title: String
  /// The text as written, for ids (`title` is it collapsed).
  var text = HeadingText()
  /// Where it starts in the raw bytes: the first byte of its first line
  /// (Markdown) or of its start tag (HTML).
  var offset: Int
  /// Its own `id`, or its first child anchor's `id` or `name` (HTML).
  var explicitID: String? = nil
}

extension FoundHeading {
  /// A heading whose title and text come from `text`.
  init(level: Int, text: HeadingText, offset: Int, explicitID: String? = nil) {
    self.init(
      level: level, title: PlainText.collapsed(text.withAlt), text: text, offset: offset,
      explicitID: explicitID)
  }
}

/// A stretch of reading, placed by the byte where it starts.
struct PlacedReading: Equatable {
  var offset: Int
  var reading: Reading
  /// The index of the heading this reading is the title of, if it is one.
  var heading: Int?
}

/// What a reader yields: every heading (all levels) and every stretch of
/// reading, in any order; the outliner sorts them by offset.
struct ParsedText: Equatable {
  var headings: [FoundHeading] = []
  var readings: [PlacedReading] = []
  var markers: [TocMarker] = []

  /// The same findings with the readings between two headings summed
  /// into one, placed at the first heading's offset (or, before the first
  /// heading, at the first of them), in order of offset: what the outline
  /// makes of them is unchanged, and a large document's thousands of blocks
  /// take the room of its headings.
  func compacted() -> ParsedText {
    let order = headings.indices.sorted { (headings[$0].offset, $0) < (headings[$1].offset, $1) }
    let starts = order.map { headings[$0].offset }
    var bodies = [Reading](repeating: Reading(), count: starts.count + 1)
    var before: Int? = nil
    var titles: [PlacedReading] = []
    for placed in readings {
      if placed.heading != nil {
        titles.append(placed)
        continue
      }
      let span = starts.countAtOrBefore(placed.offset) { $0 }
      if span == 0 { before = min(before ?? placed.offset, placed.offset) }
      bodies[span] += placed.reading
    }
    var summed = titles
    for (span, reading) in bodies.enumerated() where !reading.isEmpty {
      summed.append(
        PlacedReading(
          offset: span == 0 ? before ?? 0 : starts[span - 1], reading: reading, heading: nil))
    }
    summed.sort { ($0.offset, $0.heading ?? -1) < ($1.offset, $1.heading ?? -1) }
    var result = self
    result.readings = summed
    return result
  }

  /// Adds another reader's findings (markers too), keeping heading
  /// indices right.
  mutating func append(_ other: ParsedText) {
    let shift = headings.count
    markers += other.markers
    headings += other.headings
    readings += other.readings.map { placed in
      var moved = placed
      moved.heading = placed.heading.map { $0 + shift }
      return moved
    }
  }
}

/// A `<!-- toc -->` or `<!-- tocstop -->` comment standing as an HTML block
/// of its own in Markdown: where `toc --write` puts the contents list. One
/// inside a code block is text, not a marker.
public struct TocMarker: Equatable, Sendable {
  /// Which marker: the list's start or its end, by the comment's text.
  public enum Kind: String, Sendable {
    case start = "<!-- toc -->"
    case stop = "<!-- tocstop -->"
  }

  /// Start or end.
  public var kind: Kind
  /// The first byte of the marker's line.
  public var offset: Int
  /// The first byte after the marker's block (its line ending included).
  public var endOffset: Int
}
