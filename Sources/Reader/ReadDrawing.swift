import Cells
import Island
import Outline
import Page
import Progress
import Terminal

#if canImport(Glibc)
  import Glibc
#endif

/// The pager's frames: the page's rows, then the bottom row (the island,
/// a search being typed, or a message), with the contents or the keys over
/// them when open. Each frame goes out in one write.
extension ReadSession {
  /// The island for the top line: what `isle where --line L --viewport H`
  /// says for the same line and the source lines in view; `…` until the
  /// outline is known.
  func island() -> String {
    guard let document = state.document else { return state.failure.map { "isle: " + $0 } ?? "…" }
    let columns = state.columns
    let room = columns < 3 ? max(columns, 1) : columns - 2
    var text: String
    if let book = state.book, !state.visiting {
      let chapter = book.chapters[book.current]
      text = BookBar(
        place: state.place(in: document), chapter: book.current, of: book.documents,
        title: chapter.title
      ).text(copy: look.copy, glyphs: look.theme.glyphs, width: room)
    } else {
      text =
        Bar(
          at: state.place(in: document), in: document, top: look.showsTop, copy: look.copy,
          theme: look.theme, width: room)?.text() ?? ""
    }
    return text + backHint(room: room - Cells.width(of: text))
  }

  /// Where back leads, after the island in the room it leaves: `  ← Title`
  /// (`<-` in ASCII); empty when there is no way back, or no room.
  func backHint(room: Int) -> String {
    let arrow = look.theme.glyphs == .ascii ? "  <- " : "  ← "
    guard let title = state.backTitle, room >= Cells.width(of: arrow) + 4 else { return "" }
    return arrow
      + Cells.truncate(SafeText.forTerminal(title), toWidth: room - Cells.width(of: arrow))
  }

  /// The contents as they open over the page: the bar says how much is
  /// read as the island does, not where the puck's section would put the
  /// reader.
  func contentsView(_ document: Document) -> PickerView {
    var view = PickerView(
      document: document, copy: look.copy, theme: look.theme, columns: state.columns)
    view.reading = state.place(in: document)
    if let path = state.path, let done = state.read[path] {
      let keys = SectionKey.all(in: document)
      view.readSections = Set(keys.indices.filter { done.contains(keys[$0]) })
    }
    return view
  }

  /// The book's contents as they open over the page: the rows the filter
  /// lets through and that are in view, as `toc BOOK` draws them, the
  /// puck on the picker's row; the bar says how much of the book is read.
  func bookContents(_ book: ReaderBook, _ contents: PickerState) -> [String] {
    let visible = contents.visibleRows
    let shown = contents.filtered[visible].map { book.rows[$0].row }
    var copy = look.copy
    if !contents.query.isEmpty { copy.contentsTitle = "/" + contents.query }
    var fraction = 0.0
    if let document = state.document {
      fraction =
        BookBar(
          place: state.place(in: document), chapter: book.current, of: book.documents,
          title: ""
        ).fraction
    }
    var frame = ContentsFrame(
      currentIndex: visible.contains(contents.puck) ? contents.puck - visible.lowerBound : nil,
      readFraction: fraction, barDetail: copy.readAmount(fraction), copy: copy,
      theme: look.theme, width: max(state.columns - 2, 1))
    let read = book.readRows(state.read)
    frame.read = Set(
      contents.filtered[visible].enumerated().compactMap { read.contains($1) ? $0 : nil })
    var lines = BookContents(rows: shown, frame: frame).lines()
    if lines.isEmpty {
      lines = [
        Bar(
          title: copy.contentsTitle, number: 1, count: 1, fraction: 0, theme: look.theme,
          width: max(state.columns - 2, 1)
        ).text()
      ]
    }
    let padding = Array(repeating: "", count: max(contents.panelRows - (lines.count - 1), 0))
    return state.columns < 3 ? [] : padding + lines.map { " " + $0 }
  }

  /// Draws the current state.
  func draw() {
    switch state.mode {
    case .contents(let contents):
      if let book = state.book, !state.visiting {
        return draw(panel: bookContents(book, contents))
      }
      guard let document = state.document else { return draw(panel: []) }
      draw(panel: Array(contentsView(document).frame(contents).dropLast()))
    default:
      draw(panel: [])
    }
  }

  /// Draws the page with `panel` (the contents' lines, the bar last) over
  /// its bottom rows, or the bottom row of the mode when it is empty.
  func draw(panel: [String]) {
    let screen = ReadScreen(paint: look.theme.paint)
    var output = Escape.beginFrame + Escape.hideCursor
    let (page, mode, columns, rows) = (state.page, state.mode, state.columns, state.rows)
    let margin = state.margin
    let textRows = state.textRows
    let left = String(repeating: " ", count: margin)
    var spot: Spot? = state.top
    var previous: Spot? = nil
    let highlighted = state.query
    let helpRows = ReadHelp.lines
    let sideways = state.sideways
    for row in 0..<textRows {
      output += Escape.move(row: row + 1) + Escape.clearLine
      if case .help = mode {
        if row < helpRows.count {
          output += left + Cells.truncate(helpRows[row], toWidth: max(columns - margin - 1, 1))
        }
        continue
      }
      if let current = spot, current != previous, let line = page.line(at: current) {
        let lit =
          (highlighted.map { page.highlights(of: $0, at: current) } ?? [])
          + state.linkHighlights(at: current)
        let seen = sideways.look(at: line, lit: lit)
        output += left + screen.render(seen.line, lit: seen.lit)
        previous = current
        let next = page.moved(current, by: 1)
        spot = next == current ? nil : next
      } else {
        spot = nil
        output += left + screen.faint("~")
      }
    }
    // A cell of room on the left, as pick leaves, when there is room for it.
    let lead = columns < 3 ? "" : " "
    output += Escape.move(row: rows) + Escape.clearLine + lead + bottomRow(screen)
    if !panel.isEmpty {
      let first = max(rows - panel.count + 1, 1)
      for (index, line) in panel.suffix(rows).enumerated() {
        output += Escape.move(row: first + index) + Escape.clearLine + line
      }
    }
    if case .searching = mode { output += Escape.showCursor }
    terminal.write(output + Escape.endFrame)
    trace()
  }

  /// The bottom row when the contents are closed.
  func bottomRow(_ screen: ReadScreen) -> String {
    let columns = state.columns
    let room = columns < 3 ? max(columns, 1) : columns - 2
    if case .searching(let typed, let forward) = state.mode {
      // What is being typed stays in view: a long search shows its end.
      var shown = Substring(SafeText.forTerminal(typed))
      let mark = forward ? "/" : "?"
      while room > 2, Cells.width(of: mark + shown) > room { shown = shown.dropFirst() }
      let cut = shown.count < typed.count && room > 2
      return Cells.truncate((cut ? mark + "…" + shown.dropFirst() : mark + shown), toWidth: room)
    }
    if let message = state.message { return screen.faint(Cells.truncate(message, toWidth: room)) }
    if let pending = state.pending {
      return Cells.truncate(pending == "m" ? "mark: " : "go to mark: ", toWidth: room)
    }
    if !state.count.isEmpty { return Cells.truncate(state.count, toWidth: room) }
    return island()
  }

  /// Appends the top line, the source lines in view and the top byte to
  /// the trace file, when `ISLE_READ_TRACE` names one.
  func trace() {
    guard let path = traceFile else { return }
    let line = state.document.map { String(state.topLine(in: $0)) } ?? "-"
    let lines = state.document.map { String(state.linesInView(in: $0)) } ?? "-"
    var text = "\(line) \(lines) \(state.topByte)"
    if state.book != nil, let path = state.path { text += " " + path }
    text += "\n"
    let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return }
    _ = Array(text.utf8).withUnsafeBytes { write(descriptor, $0.baseAddress!, $0.count) }
    close(descriptor)
  }
}
