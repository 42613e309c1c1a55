import Cells
import Island
import Outline
import Page
import Progress

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
    guard let document else { return failure.map { "isle: " + $0 } ?? "…" }
    var bar = display
    bar.width = columns < 3 ? max(columns, 1) : columns - 2
    return bar.bar(at: place(in: document), in: document) ?? ""
  }

  /// Where the reader is, as `where` would place line L with H lines in
  /// view.
  func place(in document: Document) -> Place {
    Place.locate(
      .line(topLine(in: document)), in: document, viewport: linesInView(in: document))
  }

  /// The source lines the rows show, counted as `--viewport` counts them:
  /// from the top row's line to the bottom row's, and to the document's
  /// last once its last row is on the screen. Rows are not lines (a
  /// paragraph wraps, blank lines and link definitions are not drawn), so
  /// the end is the end however the rows fall.
  func linesInView(in document: Document) -> Int {
    let bottom = page.moved(top, by: textRows - 1)
    let last =
      page.moved(bottom, by: 1) == bottom
      ? document.lineCount
      : document.lines.line(ofOffset: page.line(at: bottom)?.bytes.lowerBound ?? 0)
    return max(last - topLine(in: document) + 1, 1)
  }

  /// The source line of the top line's first byte; 1 on the page's first
  /// line, as nothing before it is drawn (an HTML page's head, the part
  /// `--within` leaves out): the top is the top, as the end is the end.
  func topLine(in document: Document) -> Int {
    top == page.first ? 1 : document.lines.line(ofOffset: topByte)
  }

  /// The contents as they open over the page: the bar says how much is
  /// read as the island does, not where the puck's section would put the
  /// reader.
  func contentsView(_ document: Document) -> PickerView {
    var view = PickerView(
      document: document, copy: display.copy, theme: display.theme, columns: columns)
    view.reading = place(in: document)
    return view
  }

  /// Draws the current state.
  func draw() {
    switch mode {
    case .contents(let state):
      guard let document else { return draw(panel: []) }
      draw(panel: Array(contentsView(document).frame(state).dropLast()))
    default:
      draw(panel: [])
    }
  }

  /// Draws the page with `panel` (the contents' lines, the bar last) over
  /// its bottom rows, or the bottom row of the mode when it is empty.
  func draw(panel: [String]) {
    let screen = ReadScreen(paint: display.theme.paint)
    var output = "\u{1B}[?2026h\u{1B}[?25l"
    let textRows = self.textRows
    let left = String(repeating: " ", count: margin)
    var spot: Spot? = top
    var previous: Spot? = nil
    let highlighted = query
    let helpRows = ReadHelp.lines
    let sideways = self.sideways
    for row in 0..<textRows {
      output += "\u{1B}[\(row + 1);1H\u{1B}[2K"
      if case .help = mode {
        if row < helpRows.count {
          output += left + Cells.truncate(helpRows[row], toWidth: max(columns - margin - 1, 1))
        }
        continue
      }
      if let current = spot, current != previous, let line = page.line(at: current) {
        let seen = sideways.look(
          at: line, lit: highlighted.map { page.highlights(of: $0, at: current) } ?? [])
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
    output += "\u{1B}[\(rows);1H\u{1B}[2K" + lead + bottomRow(screen)
    if !panel.isEmpty {
      let first = max(rows - panel.count + 1, 1)
      for (index, line) in panel.suffix(rows).enumerated() {
        output += "\u{1B}[\(first + index);1H\u{1B}[2K" + line
      }
    }
    if case .searching = mode { output += "\u{1B}[?25h" }
    terminal.write(output + "\u{1B}[?2026l")
    trace()
  }

  /// The bottom row when the contents are closed.
  func bottomRow(_ screen: ReadScreen) -> String {
    let room = columns < 3 ? max(columns, 1) : columns - 2
    if case .searching(let typed, let forward) = mode {
      // What is being typed stays in view: a long search shows its end.
      var shown = Substring(SafeText.forTerminal(typed))
      let mark = forward ? "/" : "?"
      while room > 2, Cells.width(of: mark + shown) > room { shown = shown.dropFirst() }
      let cut = shown.count < typed.count && room > 2
      return Cells.truncate((cut ? mark + "…" + shown.dropFirst() : mark + shown), toWidth: room)
    }
    if let message { return screen.faint(Cells.truncate(message, toWidth: room)) }
    if let pending {
      return Cells.truncate(pending == "m" ? "mark: " : "go to mark: ", toWidth: room)
    }
    if !count.isEmpty { return Cells.truncate(count, toWidth: room) }
    return island()
  }

  /// Appends the top line, the source lines in view and the top byte to
  /// the trace file, when `ISLE_READ_TRACE` names one.
  func trace() {
    guard let path = options.trace else { return }
    let line = document.map { String(topLine(in: $0)) } ?? "-"
    let lines = document.map { String(linesInView(in: $0)) } ?? "-"
    let text = "\(line) \(lines) \(topByte)\n"
    let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return }
    _ = Array(text.utf8).withUnsafeBytes { write(descriptor, $0.baseAddress!, $0.count) }
    close(descriptor)
  }
}
