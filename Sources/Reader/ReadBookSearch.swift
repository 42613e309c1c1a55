import Page

/// A search through a book: one that finds nothing more in the chapter
/// goes on into the next chapters in the book's order (the previous ones,
/// backward), past the last to the first with a word that it wrapped, the
/// chapter's own part before the search began last. Nothing anywhere is
/// said once.
extension ReadSession {
  /// Goes on with the search `state` made in the chapter on the page;
  /// `stop` is asked now and then, and a true ends it.
  mutating func searchBook(forward: Bool, stop: () -> Bool) {
    guard let book = state.book, let query = state.query, !book.chapters.isEmpty else { return }
    let count = book.chapters.count
    let width = ReaderState.measure(columns: state.columns, given: state.givenMeasure)
    for step in 1...count {
      if stop() {
        state.message = "search stopped: " + query
        return
      }
      let reached = book.current + (forward ? step : -step)
      let index = (reached % count + count) % count
      var page = state.page
      if index != book.current {
        guard case .success(let laid) = opener(index) else { continue }
        laid.resize(to: width)
        page = laid
      }
      let start =
        forward
        ? Spot(piece: 0, row: -1) : Spot(piece: max(page.pieceCount - 1, 0), row: Int.max)
      guard let found = page.find(query, after: start, forward: forward, stop: stop) else {
        continue
      }
      if index == book.current {
        state.jump(pushing: true) { $0.top = found }
      } else {
        state.open(chapter: index, page: page, byte: 0)
        state.top = found
      }
      state.reveal(query, at: found)
      var said = "'\(query)' in chapter \(index + 1), \(book.chapters[index].title)"
      if reached != index {
        said =
          (forward
            ? "past the book's end, from the first chapter: "
            : "past the book's start, from the last chapter: ") + said
      }
      state.message = said
      return
    }
    state.message = "not found in the book: " + query
  }
}
