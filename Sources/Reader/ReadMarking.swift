import Outline

/// Sections read, as an e-reader marks pages: a section is read once its
/// end comes onto the screen as the reader scrolls, or the whole of it is
/// on one screen (a jump past it, `G`, a search, `]`, does not read it).
/// The contents draw the sections read faint with a mark, and `U` goes to
/// the first one not read.
extension ReaderState {
  /// Notes the sections read on the screen now; called after each turn.
  public mutating func noteRead() {
    defer { scrolled = false }
    guard let document, let path, !document.sections.isEmpty else { return }
    let first = topByte
    let atEnd = page.moved(bottom, by: 1) == bottom
    let end = atEnd ? document.size : page.line(at: bottom)?.bytes.upperBound ?? first
    var keys = read[path] ?? []
    let count = keys.count
    var all: [String]? = nil
    for (index, section) in document.sections.enumerated()
    where section.endOffset > first && section.endOffset <= end
      && (scrolled || section.offset >= first)
    {
      if all == nil { all = SectionKey.all(in: document) }
      keys.insert(all![index])
    }
    if keys.count != count { read[path] = keys }
  }

  /// `U`: the first section not read, in the book's order in a book.
  mutating func firstUnread() -> ReaderOutcome {
    if let book, !visiting {
      for (index, chapter) in book.chapters.enumerated() {
        let done = read[chapter.path] ?? []
        let keys = SectionKey.all(in: chapter.document)
        guard let section = keys.indices.first(where: { !done.contains(keys[$0]) }) else {
          continue
        }
        let byte = chapter.document.sections[section].offset
        if index == book.current {
          jump(pushing: true) { $0.go(toByte: byte) }
          return .going
        }
        return .chapter(index, byte: byte)
      }
      message = "every section of the book is read"
      return .going
    }
    guard let document else {
      message = "the sections are still being read…"
      return .going
    }
    let done = path.flatMap { read[$0] } ?? []
    let keys = SectionKey.all(in: document)
    guard let section = keys.indices.first(where: { !done.contains(keys[$0]) }) else {
      message = document.sections.isEmpty ? "no sections" : "every section is read"
      return .going
    }
    jump(pushing: true) { $0.go(toByte: document.sections[section].offset) }
    return .going
  }
}
