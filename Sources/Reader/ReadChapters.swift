import Island
import Outline
import Page
import ReadingTime

/// A book's chapters in the pager: a step past the chapter's last section
/// (or before its first) asks for the next (or the previous) chapter, the
/// contents are the book's, and a chapter comes onto the page whole.
extension ReaderState {
  /// A step that found no section this way goes on into the next chapter
  /// (at its top) or back into the previous one (at its last section),
  /// when the book has one; false when it has none, or there is no book.
  mutating func cross(_ step: Step) -> Bool {
    guard let book, !visiting else { return false }
    let forward = step == .next || step == .nextAtLevel
    let chapter = book.current + (forward ? 1 : -1)
    guard book.chapters.indices.contains(chapter) else {
      message = forward ? "the end of the book" : "the start of the book"
      return true
    }
    // `[` comes back to the previous chapter's last section, `{` to its
    // last at the chapter's top level, as `}` goes on to the next one's top.
    let sections = book.chapters[chapter].document.sections
    let top = sections.map(\.level).min() ?? 1
    let back = step == .previousAtLevel ? sections.last { $0.level == top } : sections.last
    chapterAsked = (chapter, forward ? 0 : back?.offset ?? 0)
    return true
  }

  /// A row of the book's contents picked: its place, in this chapter or
  /// another; a chapter whose file is missing says so and goes nowhere.
  mutating func pick(_ row: ReaderBook.Row) -> ReaderOutcome {
    if row.row.kind == .missing {
      message = "no file to read for '\(row.row.title)': isle check names it"
      return .going
    }
    guard let chapter = row.chapter else {
      message = "no chapter after this"
      return .going
    }
    if chapter == book?.current {
      jump(pushing: true) { $0.go(toByte: row.byte) }
      return .going
    }
    return .chapter(chapter, byte: row.byte)
  }

  /// Puts chapter `index` of the book on the page, laid out as `page`,
  /// its line showing `byte` at the top. Marks were of the chapter left,
  /// and go with it; the search stays. Going to another chapter is a
  /// jump: `''` comes back to where it started, in the chapter left.
  public mutating func open(chapter index: Int, page: Page, byte: Int) {
    guard let book, book.chapters.indices.contains(index) else { return }
    let left = here
    let chapter = book.chapters[index]
    present(
      Visit(
        page: page, document: chapter.document, path: chapter.path, chapter: index,
        visiting: false, byte: byte))
    push(left)
    jumpedFromChapter =
      left.chapter == index ? nil : (chapter: left.chapter ?? book.current, byte: left.byte)
  }

  /// A row of the book's contents as the picker filters it: its title.
  static func pickable(_ row: BookContents.Row, number: Int) -> Section {
    Section(
      number: number, level: min(row.depth + 1, 6), title: row.title, id: nil, line: 1,
      offset: 0, endLine: 1, endOffset: 0, reading: ReadingAmount(), minutes: 0)
  }
}
