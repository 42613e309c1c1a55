import Found
import ReadingTime
import Slugs

/// An outlined document: its size, lines, title and sections.
public struct Document: Sendable {
  /// The file it came from, or nil for standard input.
  public var path: String?
  /// The format it was read as.
  public var format: DocumentFormat
  /// Its lines, for turning positions into offsets.
  public var lines: LineIndex
  /// Its title: the front matter's `title`, else its first level-1 heading.
  public var title: String?
  /// The sections shown, in document order.
  public var sections: [Section]
  /// The text before the first section, when there are sections and it
  /// has something to read: as a section numbered 0, its title the
  /// document's own (front matter's `title`, the page's `<title>`; empty
  /// when it has none or the first section has it too), its minutes its
  /// share of the document's.
  public var preamble: Section? = nil
  /// Everything there is to read in it, headings aside (they name the
  /// rows; the reading is the same at every level shown).
  public var reading: ReadingAmount
  /// Seconds to read all of it, rounded to the nearest second.
  public var seconds: Int
  /// Minutes to read all of it, rounded to the nearest minute: the rows'
  /// minutes and the text before the first row's add up to it.
  public var minutes: Int
  /// Where the reading time lies, for the time left from a position.
  public var timeline = ReadingTimeline()
  /// The character encoding an HTML page declares, lowercased; nil when it
  /// declares none (and for Markdown, which is read as UTF-8).
  public var charset: String?
  /// False when the declared encoding was not decoded, so text outside
  /// ASCII reads as U+FFFD.
  public var decoded: Bool
  /// The `<!-- toc -->` and `<!-- tocstop -->` markers, in order.
  public var markers: [TocMarker] = []
  /// The flavour the ids of a Markdown document were made in; nil for
  /// HTML, whose ids are the page's own.
  public var slug: SlugFlavor? = nil
  /// The heading levels shown as sections.
  public var levels: ClosedRange<Int> = 1...6
  /// The headings outside those levels, in document order.
  public var folded: [FoldedHeading] = []

  /// Creates a document from its parts.
  public init(
    path: String?, format: DocumentFormat, lines: LineIndex, title: String?,
    sections: [Section], reading: ReadingAmount, seconds: Int = 0, minutes: Int,
    charset: String? = nil,
    decoded: Bool = true
  ) {
    self.charset = charset
    self.decoded = decoded
    self.path = path
    self.format = format
    self.lines = lines
    self.title = title
    self.sections = sections
    self.reading = reading
    self.seconds = seconds
    self.minutes = minutes
  }

  /// The size in bytes.
  public var size: Int { lines.size }
  /// The number of lines.
  public var lineCount: Int { lines.lineCount }
}

extension Document {
  /// The document outlined from a text that others were put into, its
  /// positions put back on `written` (the text before): `move` gives the
  /// byte of `written` for a byte of the text outlined, and the file
  /// brought in that byte came from, if any. A heading brought in stands
  /// at the byte that brought it and says from where; reading stays whole.
  public func moved(on written: [UInt8], _ move: (Int) -> (offset: Int, file: String?))
    -> Document
  {
    var copy = self
    let lines = LineIndex(written)
    func line(_ offset: Int) -> Int {
      offset >= lines.size ? lines.lineCount + 1 : lines.line(ofOffset: offset)
    }
    func movedSection(_ section: Section) -> Section {
      var section = section
      let start = move(section.offset)
      section.offset = start.offset
      section.line = line(start.offset)
      section.from = start.file
      section.endOffset = section.endOffset >= size ? lines.size : move(section.endOffset).offset
      section.endLine = line(section.endOffset)
      return section
    }
    copy.sections = sections.map(movedSection)
    copy.preamble = preamble.map(movedSection)
    copy.preamble?.from = nil
    copy.timeline = timeline.moved { move($0).offset }
    copy.lines = lines
    return copy
  }
}
