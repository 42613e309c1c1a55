import Cells
import Outline
import Progress

/// The island for a place in a book, as `isle where BOOK` and `isle read
/// BOOK` say it: the chapter and section, `chapter k of n`, the book's
/// fraction read (weighed by reading time) and the time left in the
/// chapter and in the book.
///
/// ```
///  ◕ Leaves › Loose  chapter 4 of 5  75% read  1 min left in the chapter, 2 min in the book
/// ```
public struct BookBar: Sendable {
  /// The chapter's title, as the book's contents give it.
  public var title: String
  /// The section the place is in, unless it is the chapter's own title.
  public var section: Section?
  /// 1-based among the chapters that have a file.
  public var chapter: Int
  public var chapterCount: Int
  /// Of the whole book, 0 to 1.
  public var fraction: Double
  /// What is left of the chapter.
  public var chapterLeft: TimeLeft
  /// Seconds left in the book, the chapter's rest with them.
  public var bookSeconds: Int

  /// The bar for `place` in chapter `index` (0-based) of `chapters`, the
  /// book's chapters that have a file, `title` the chapter's.
  public init(place: Place, chapter index: Int, of chapters: [Document], title: String) {
    let document = chapters[index]
    let before = chapters.prefix(index).map(\.seconds).reduce(0, +)
    let total = max(chapters.map(\.seconds).reduce(0, +), 1)
    let read = Double(before) + place.fraction * Double(document.seconds)
    self.title = title
    self.chapter = index + 1
    self.chapterCount = chapters.count
    self.fraction = min(max(read / Double(total), 0), 1)
    self.chapterLeft = TimeLeft(place, in: document)
    self.bookSeconds =
      chapterLeft.seconds + chapters.dropFirst(index + 1).map(\.seconds).reduce(0, +)
    let current = place.currentIndex.map { document.sections[$0] }
    // The chapter's title heading says again what its name says.
    self.section = current.flatMap { $0.title.lowercased() == title.lowercased() ? nil : $0 }
    self.isInSection = current != nil
  }

  /// False before the chapter's first heading.
  public var isInSection: Bool

  /// Minutes left in the book, rounded.
  public var bookMinutes: Int { (bookSeconds + 30) / 60 }

  private func left(_ copy: Wording) -> String {
    copy.bookLeft(
      chapter: copy.timeLeft(minutes: chapterLeft.minutes, seconds: chapterLeft.seconds),
      book: copy.timeLeft(minutes: bookMinutes, seconds: bookSeconds))
  }

  /// The one line, `width` cells at most. Too long, the titles are cut
  /// first (the section's, then the chapter's), then the percent read
  /// goes (the ring says it too): which chapter of how many and the time
  /// left stay as long as they fit.
  public func text(copy: Wording, glyphs: Glyphs, width: Int) -> String {
    let ring = " " + glyphs.ring(for: fraction) + " "
    var titles = SafeText.forTerminal(title)
    if let section { titles += " › " + SafeText.forTerminal(section.title) }
    let count = "  " + copy.chapter(chapter, of: chapterCount)
    let read = "  " + copy.readAmount(fraction)
    let left = "  " + left(copy)
    // The percent goes before the titles are cut below 16 cells; then a
    // title keeps a cell and the ellipsis at least.
    let ringWidth = Cells.width(of: ring)
    let shortest = [
      ringWidth + min(Cells.width(of: titles), 16),
      ringWidth + 1 + Cells.width(of: glyphs.ellipsis),
    ]
    for (tail, least) in zip([count + read + left, count + left], shortest) {
      let room = width - Cells.width(of: tail)
      if Cells.width(of: ring + titles) <= room {
        return ring + titles + tail
      }
      if room >= least {
        return Cells.truncate(ring + titles, toWidth: room, ellipsis: glyphs.ellipsis) + tail
      }
    }
    let cut = Cells.truncate(ring + titles, toWidth: shortest[1], ellipsis: glyphs.ellipsis)
    return Cells.truncate(cut + count + left, toWidth: width, ellipsis: glyphs.ellipsis)
  }

  /// The same, to be spoken.
  public func spoken(copy: Wording) -> String {
    var parts = [SafeText.forTerminal(title), copy.chapter(chapter, of: chapterCount)]
    if let section { parts.append(SafeText.forTerminal(section.title)) }
    parts.append(copy.readAmount(fraction))
    parts.append(left(copy))
    return parts.joined(separator: ". ")
  }
}
