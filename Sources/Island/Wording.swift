import Outline
import Progress
import ReadingTime

/// Every word the island shows that does not come from the document, so
/// each can be replaced. Templates fill `{n}`, `{count}`, `{percent}` and
/// `{left}` (the time left in the document, `12 min`), and times fill `{m}`
/// and `{h}`.
public struct Wording: Sendable, Equatable {
  /// The title of the open contents.
  public var contentsTitle: String
  /// The row of the text before the first heading, when the document has
  /// no title of its own (front matter's `title`, the page's `<title>`).
  public var preamble = "Introduction"
  /// A book's chapter not yet written: `{title} (draft)`.
  public var draft = "{title} (draft)"
  /// A book's chapter whose file is not there: `{title} (missing)`.
  public var missing = "{title} (missing)"
  /// A chapter's number in a book: `chapter 3 of 12`.
  public var chapterPosition = "chapter {n} of {count}"
  /// The time left in a book: `2 min left in the chapter, 1 h in the book`.
  public var bookLeft = "{chapter} left in the chapter, {book} in the book"
  /// The section's number on the bar: `3 of 6`.
  public var position: String
  /// The section's number, spoken: `Section 3 of 6`.
  public var spokenPosition: String
  /// How much has been read: `62% read`.
  public var readAmount: String
  /// A reading time's words.
  public var times = TimeWording()
  /// A time under an hour: `4 min`.
  public var minutes: String {
    get { times.minutes }
    set { times.minutes = newValue }
  }
  /// A time of an hour or more: `1 h 25 min`.
  public var hours: String {
    get { times.hours }
    set { times.hours = newValue }
  }
  /// Something to read, but under half a minute.
  public var underAMinute: String {
    get { times.underAMinute }
    set { times.underAMinute = newValue }
  }
  /// The time left, spoken: `2 minutes left`; `{m}` minutes.
  public var spokenLeft = "{m} minutes left"
  /// One minute left, spoken.
  public var spokenOneLeft = "1 minute left"
  /// Under half a minute left, spoken.
  public var spokenUnderAMinuteLeft = "less than a minute left"

  /// The English defaults.
  public init(
    contentsTitle: String = "Contents", position: String = "{n} of {count}",
    spokenPosition: String = "Section {n} of {count}", readAmount: String = "{percent}% read"
  ) {
    self.contentsTitle = contentsTitle
    self.position = position
    self.spokenPosition = spokenPosition
    self.readAmount = readAmount
  }

  /// A reading time: `4 min`, `1 h 25 min`, `< 1 min` when there is
  /// something (`anything`) under half a minute to read, nil when there is
  /// nothing.
  public func time(minutes: Int, anything: Bool) -> String? {
    times.time(minutes: minutes, anything: anything)
  }

  /// The time left, for a `{left}`: as `time`, and `0 min` at the end.
  public func timeLeft(minutes: Int, seconds: Int) -> String {
    time(minutes: minutes, anything: seconds > 0) ?? Self.fill(self.minutes, ["m": "0"])
  }

  /// The document's time left from `place`, for a `{left}`.
  public func timeLeft(from place: Place, in document: Document) -> String {
    let left = TimeLeft(place, in: document)
    return timeLeft(minutes: left.minutes, seconds: left.seconds)
  }

  /// The short text at the end of a section's row, nil when it has nothing
  /// to read.
  /// A draft chapter's title as its row shows it.
  public func draft(_ title: String) -> String { Self.fill(draft, ["title": title]) }

  /// A missing chapter's title as its row shows it.
  public func missing(_ title: String) -> String { Self.fill(missing, ["title": title]) }

  /// The time left in the chapter and in the book, each already a time.
  public func bookLeft(chapter: String, book: String) -> String {
    Self.fill(bookLeft, ["chapter": chapter, "book": book])
  }

  /// A chapter's number in a book (`chapter 3 of 12`).
  public func chapter(_ number: Int, of count: Int) -> String {
    Self.fill(chapterPosition, ["n": String(number), "count": String(count)])
  }

  public func detail(_ section: Section) -> String? {
    time(minutes: section.minutes, anything: !section.reading.isEmpty)
  }

  /// Replaces the spoken time left with `template` for every count (`{m}`
  /// is `< 1` under half a minute): English's singular is the default's
  /// alone.
  public mutating func replaceSpokenLeft(_ template: String) {
    spokenLeft = template
    spokenOneLeft = Self.fill(template, ["m": "1"])
    spokenUnderAMinuteLeft = Self.fill(template, ["m": "< 1"])
  }

  /// The time left, spoken.
  public func spokenLeft(minutes: Int, seconds: Int) -> String {
    if minutes <= 0 {
      return seconds > 0 ? spokenUnderAMinuteLeft : Self.fill(spokenLeft, ["m": "0"])
    }
    if minutes == 1 { return spokenOneLeft }
    return Self.fill(spokenLeft, ["m": String(minutes)])
  }

  /// `3 of 6`; `left` fills `{left}`.
  public func position(_ number: Int, of count: Int, left: String = "") -> String {
    Self.fill(position, ["n": String(number), "count": String(count), "left": left])
  }

  /// `Section 3 of 6`.
  public func spokenPosition(_ number: Int, of count: Int) -> String {
    Self.fill(spokenPosition, ["n": String(number), "count": String(count)])
  }

  /// `62% read`, with the percent rounded down so 100% means all of it;
  /// `left` fills `{left}`.
  public func readAmount(_ fraction: Double, left: String = "") -> String {
    Self.fill(readAmount, ["percent": String(Self.percent(fraction)), "left": left])
  }

  /// The whole percent read, rounded down: only the end reads as 100.
  public static func percent(_ fraction: Double) -> Int {
    let clamped = min(max(fraction.isNaN ? 0 : fraction, 0), 1)
    return Int((clamped * 100).rounded(.down))
  }

  /// `template` with each `{key}` of `values` replaced (`TimeWording`'s
  /// filling).
  private static func fill(_ template: String, _ values: [String: String]) -> String {
    TimeWording.fill(template, values)
  }
}
