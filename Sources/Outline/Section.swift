import ReadingTime

/// A heading and the text up to the next section shown.
public struct Section: Sendable, Equatable {
  /// 1-based number among the sections shown.
  public var number: Int
  /// The heading level, 1–6.
  public var level: Int
  /// The heading's plain text.
  public var title: String
  /// The anchor a browser would jump to, unique in the document; nil for
  /// an HTML heading the page gives no anchor (isle never makes one up).
  public var id: String?
  /// The 1-based line where the heading starts.
  public var line: Int
  /// The byte offset of the first byte of the heading's first line.
  public var offset: Int
  /// The line where the section ends: the next section's line, or one past
  /// the last line. Exclusive, like `endOffset`.
  public var endLine: Int
  /// The byte offset where the section ends: the next section's offset, or
  /// the document's size.
  public var endOffset: Int
  /// What there is to read in the section's body (its own heading aside).
  public var reading: ReadingAmount
  /// Seconds to read the section, rounded to the nearest second.
  public var seconds: Int
  /// The section's share of the document's minutes (see `MinuteShares`):
  /// the minutes its row shows, so the rows add up to the whole.
  public var minutes: Int
  /// The heading's content as written (Markdown markup and all), for a
  /// contents list's link text; the title itself in HTML.
  public var source: String
  /// True when the heading asked to be left out of contents lists
  /// (`<!-- omit from toc -->`, `{: .no_toc}`, a `no-toc` class).
  public var omittedFromContents: Bool
  /// The file a book's include brought the heading from (as the include
  /// names it); nil for the document's own heading.
  public var from: String? = nil

  /// Creates a section from its parts.
  public init(
    number: Int, level: Int, title: String, id: String?, line: Int, offset: Int,
    endLine: Int, endOffset: Int, reading: ReadingAmount, seconds: Int = 0, minutes: Int,
    source: String? = nil, omittedFromContents: Bool = false
  ) {
    self.source = source ?? title
    self.omittedFromContents = omittedFromContents
    self.number = number
    self.level = level
    self.title = title
    self.id = id
    self.line = line
    self.offset = offset
    self.endLine = endLine
    self.endOffset = endOffset
    self.reading = reading
    self.seconds = seconds
    self.minutes = minutes
  }

  /// Words read in the section: prose words plus CJK characters.
  public var words: Int { reading.wordCount }

}

/// A heading outside the levels shown: no section of its own (its text is
/// read in its parent's), but still there to be named, so `jump` can say
/// how to show it and `show` can print it.
public struct FoldedHeading: Sendable, Equatable {
  /// The heading level, 1–6.
  public var level: Int
  /// The heading's plain text.
  public var title: String
  /// Its anchor, as a section's would be.
  public var id: String?
  /// The 1-based line where the heading starts.
  public var line: Int
  /// Where it starts, as a section's `offset`: `isle show` prints it.
  public var offset: Int

  /// A folded heading from its parts.
  public init(level: Int, title: String, id: String?, line: Int, offset: Int) {
    self.level = level
    self.title = title
    self.id = id
    self.line = line
    self.offset = offset
  }
}
