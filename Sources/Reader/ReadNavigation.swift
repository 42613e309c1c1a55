import Cells
import Island
import Outline
import Page
import Progress
import Terminal

/// The reader's keys as `less` has them, and the moves they make.
extension ReaderState {
  /// A count past this is the end, as in `less`: `99999999999999999999g`
  /// goes to the last line, never to the top.
  static let largestCount = 1 << 40

  /// A key while reading.
  mutating func read(_ event: PickerEvent) -> ReaderOutcome {
    if let outcome = browsing(event) { return outcome }
    if let waiting = pending {
      pending = nil
      message = nil
      mark(waiting, event)
      return askedChapter()
    }
    if case .character(let digit) = event, digit.isASCII, digit.isNumber {
      count.append(digit)
      return .going
    }
    let typed = count.isEmpty ? nil : min(Int(count) ?? Self.largestCount, Self.largestCount)
    count = ""
    message = nil
    let half = max(textRows / 2, 1)
    switch event {
    case .character("q"), .character("Q"): return .quit
    case .character("v"): return edit()
    case .down, .enter, .character("j"), .character("e"), .control("n"), .control("e"),
      .control("j"):
      scroll(typed ?? 1)
    case .up, .character("k"), .character("y"), .control("p"), .control("y"), .control("k"):
      scroll(-(typed ?? 1))
    case .space, .pageDown, .character("f"), .control("f"), .control("v"):
      // At a chapter's end, a page on is the next chapter's first.
      if book != nil, typed == nil, top >= lowest() {
        _ = cross(.next)
        return askedChapter()
      }
      scroll(typed ?? textRows)
    case .pageUp, .character("b"), .control("b"): scroll(-(typed ?? textRows))
    case .character("d"), .control("d"): scroll(typed ?? half)
    case .character("u"), .control("u"): scroll(-(typed ?? half))
    case .character("m"), .character("'"):
      if case .character(let key) = event { pending = key }
    case .tab, .character("t"): openContents()
    case .character("h"), .character("H"): mode = .help
    case .character("="), .control("g"): message = whereabouts()
    case .right: slide(by: typed ?? max(page.width / 2, 1))
    case .left: slide(by: -(typed ?? max(page.width / 2, 1)))
    case .wheelUp: scroll(-3)
    case .wheelDown: scroll(3)
    case .character("n"): return searching(forward: forward, isNew: false)
    case .character("N"): return searching(forward: !forward, isNew: false)
    default:
      jump { $0.leap(event, typed: typed) }
      return askedChapter()
    }
    return .going
  }

  /// Another chapter, when a key asked for one (`]` past the chapter's
  /// end, `''` back into the chapter a jump left).
  mutating func askedChapter() -> ReaderOutcome {
    guard let asked = chapterAsked else { return .going }
    chapterAsked = nil
    return .chapter(asked.chapter, byte: asked.byte)
  }

  /// The keys that jump, so that `''` comes back from them: to the top or
  /// the end, a line, a percentage, a section (a match: `search`).
  mutating func leap(_ event: PickerEvent, typed: Int?) {
    switch event {
    case .home, .character("g"), .character("<"):
      if let typed { go(toLine: typed) } else { top = page.first }
    case .end, .character("G"), .character(">"):
      if let typed { go(toLine: typed) } else { top = lowest() }
    case .character("%"), .character("p"):
      let percent = min(max(typed ?? 0, 0), 100)
      go(toByte: Int(Double(max(page.size - 1, 0)) * Double(percent) / 100))
    case .character("]"): step(.next, times: typed ?? 1)
    case .character("["): step(.previous, times: typed ?? 1)
    case .character("}"): step(.nextAtLevel, times: typed ?? 1)
    case .character("{"): step(.previousAtLevel, times: typed ?? 1)
    case .character("/"): mode = .searching("", forward: true)
    case .character("?"): mode = .searching("", forward: false)
    default: break
    }
  }

  /// Makes a move, and when it moves the page, remembers where it started
  /// for `''`, and `pushing`, for back (`B`) too: a link, the contents, a
  /// search, a mark.
  mutating func jump(pushing: Bool = false, _ move: (inout ReaderState) -> Void) {
    let from = topByte
    let left = here
    move(&self)
    if topByte != from {
      jumpedFrom = from
      jumpedFromChapter = nil
      if pushing { push(left) }
    }
  }

  /// The letter after `m` (mark the top line) or `'` (go to the mark; `''`
  /// back to where the last jump started), as in `less`.
  mutating func mark(_ key: Character, _ event: PickerEvent) {
    guard case .character(let letter) = event else { return }
    if key == "'" && letter == "'" {
      if let back = jumpedFromChapter {
        chapterAsked = back
        return
      }
      guard let back = jumpedFrom else {
        message = "no jump to go back from yet"
        return
      }
      jump(pushing: true) { $0.go(toByte: back) }
      return
    }
    guard letter.isASCII && letter.isLetter else {
      message =
        key == "m"
        ? "a mark is a letter: m then a to z (or A to Z)"
        : "a mark is a letter: ' then the letter m set"
      return
    }
    if key == "m" {
      marks[letter] = topByte
      message = "marked '\(letter)'"
    } else if let byte = marks[letter] {
      jump(pushing: true) { $0.go(toByte: byte) }
    } else {
      message = "no mark '\(letter)': m\(letter) sets it"
    }
  }

  /// `v`: the session ends for the editor to open the document at the top
  /// line; the command opens it again after.
  mutating func edit() -> ReaderOutcome {
    guard editable else {
      message = "standard input cannot be opened in an editor"
      return .going
    }
    guard !visiting else {
      message = "a document a link opened: B goes back, or isle read it to edit it"
      return .going
    }
    guard let document else {
      message = "the lines are still being counted…"
      return .going
    }
    return .edit(line: topLine(in: document))
  }

  /// Scrolls code and tables wider than the page `cells` to the right
  /// (left when negative), no further than the widest on the screen goes.
  mutating func slide(by cells: Int) {
    let widest = overflow()
    if cells > 0 && widest <= shift {
      message = shift == 0 ? "nothing here is wider than the window" : "at the right edge"
    }
    shift = max(min(shift + cells, max(widest, shift)), 0)
  }

  /// How far the widest line on the screen that scrolls sideways passes
  /// the page's width, in cells.
  func overflow() -> Int {
    var widest = 0
    var spot = top
    for _ in 0..<textRows {
      if let line = page.line(at: spot), line.sideways {
        widest = max(widest, line.width - page.width)
      }
      let next = page.moved(spot, by: 1)
      if next == spot { break }
      spot = next
    }
    return widest
  }

  /// The top line when the last line is on the bottom row.
  mutating func lowest() -> Spot {
    if let lowestTop { return lowestTop }
    let lowest = page.moved(page.last, by: -(textRows - 1))
    lowestTop = lowest
    return lowest
  }

  /// Moves the page `rows` lines (up when negative); it stops with the
  /// last line on the bottom row (or where a jump put the top, if lower).
  mutating func scroll(_ rows: Int) {
    scrolled = true
    let moved = page.moved(top, by: rows)
    top = rows > 0 ? min(moved, max(lowest(), top)) : moved
  }

  /// Puts the line showing `byte` at the top.
  mutating func go(toByte byte: Int) {
    top = page.spot(atByte: min(max(byte, 0), page.size))
  }

  /// Puts 1-based source line `line` at the top; a line past the last is
  /// the end, as `G` goes there.
  mutating func go(toLine line: Int) {
    if let document {
      if line > document.lineCount {
        top = lowest()
      } else {
        go(toByte: document.lines.offset(ofLine: line))
      }
    } else {
      message = "the lines are still being counted…"
    }
  }

  enum Step {
    case next, previous, nextAtLevel, previousAtLevel
  }

  /// Moves to another section's heading. Sections are compared by the
  /// line their heading is drawn on, so a step always moves the page.
  mutating func step(_ step: Step, times: Int) {
    guard let document, !document.sections.isEmpty else {
      if document != nil, cross(step) { return }
      message = document == nil ? "the sections are still being read…" : "no sections"
      return
    }
    let sections = document.sections
    func drawn(_ index: Int) -> Spot { page.spot(atByte: sections[index].offset) }
    for _ in 0..<max(times, 1) {
      var current = CurrentSection.index(in: sections, atOffset: topByte) ?? 0
      while current + 1 < sections.count && drawn(current + 1) <= top { current += 1 }
      while current > 0 && drawn(current) > top { current -= 1 }
      var before = drawn(0) > top
      // At the end the island names the last section although its heading
      // is below the top: steps count from the section the island names.
      let named = place(in: document).currentIndex ?? current
      let fromEnd = named > current
      if fromEnd {
        current = named
        before = false
      }
      let level = sections[current].level
      var landing: Int?
      switch step {
      case .next:
        landing = before ? 0 : sections.indices.dropFirst(current + 1).first { drawn($0) > top }
      case .previous where fromEnd:
        landing = current > 0 ? current - 1 : nil
      case .previousAtLevel where fromEnd:
        landing = (0..<current).last { sections[$0].level <= level }
      case .previous:
        landing =
          before ? nil : drawn(current) < top ? current : (0..<current).last { drawn($0) < top }
      case .nextAtLevel:
        landing =
          before
          ? 0
          : sections.indices.dropFirst(current + 1).first {
            sections[$0].level <= level && drawn($0) > top
          }
      case .previousAtLevel:
        landing =
          before
          ? nil
          : drawn(current) < top
            ? current : (0..<current).last { sections[$0].level <= level && drawn($0) < top }
      }
      guard let landing else {
        if !cross(step) { message = "no more sections this way" }
        return
      }
      top = drawn(landing)
    }
  }

  /// A search asked for: the bottom row says what it looks for while it
  /// runs (a long one is stopped by Ctrl-C, as in less); nothing to run
  /// before a word is given.
  mutating func searching(forward: Bool, isNew: Bool) -> ReaderOutcome {
    guard let query, !query.isEmpty else {
      message = "nothing to look for yet: / and a word"
      return .going
    }
    message = "looking for " + query + "… (Ctrl-C stops)"
    return .search(forward: forward, isNew: isNew)
  }

  /// Looks for the query from the top line on (a new search backward, as
  /// less's `?`, from the last line on the screen); the line found goes to
  /// the top, and `''` comes back. `stop` is asked now and then, and a
  /// true ends the search. True when the query is not found this way
  /// (and the search was not stopped): a book goes on into its chapters.
  @discardableResult
  public mutating func search(forward: Bool, isNew: Bool, stop: () -> Bool) -> Bool {
    var missing = false
    jump(pushing: true) { missing = $0.find(forward: forward, isNew: isNew, stop: stop) }
    return missing
  }

  private mutating func find(forward: Bool, isNew: Bool, stop: () -> Bool) -> Bool {
    guard let query, !query.isEmpty else { return false }
    var stopped = false
    var start = top
    if isNew && !forward {
      let bottom = page.moved(top, by: textRows - 1)
      start = Spot(piece: bottom.piece, row: bottom.row + 1)
    }
    let found = page.find(query, after: start, forward: forward) {
      if !stopped { stopped = stop() }
      return stopped
    }
    message = nil
    if let found {
      top = found
      reveal(query, at: found)
    } else if stopped {
      message = "search stopped: " + query
    } else {
      message = "not found: " + query
      return true
    }
    return false
  }

  /// Scrolls sideways, when the line at `spot` scrolls so, until the
  /// first match of `query` on it is in view.
  mutating func reveal(_ query: String, at spot: Spot) {
    guard let line = page.line(at: spot), line.sideways,
      let match = page.highlights(of: query, at: spot).first
    else { return }
    let characters = line.characters
    let lead = line.leadWidth
    let start = Cells.width(of: String(characters[..<match.lowerBound])) - lead
    let end = Cells.width(of: String(characters[..<match.upperBound])) - lead
    let room = page.width - lead - 2
    guard room > 0, start < shift + 1 || end > shift + room else { return }
    shift = max(min(start - room / 2, line.width - page.width), 0)
  }

  /// Opens the contents on the section at the top.
  mutating func openContents() {
    if let book, !visiting {
      let sections = book.rows.enumerated().map { Self.pickable($1.row, number: $0 + 1) }
      mode = .contents(
        PickerState(
          sections: sections, start: book.row(atByte: namedByte),
          panelRows: PickerState.panelRows(terminalRows: rows, sections: sections.count)))
      return
    }
    guard let document, !document.sections.isEmpty else {
      message = document == nil ? "the sections are still being read…" : "no sections"
      return
    }
    // The section the island names, so that the contents open on it.
    let current = place(in: document).currentIndex ?? 0
    mode = .contents(
      PickerState(
        sections: document.sections, start: current,
        panelRows: PickerState.panelRows(terminalRows: rows, sections: document.sections.count)))
  }

  /// The byte of the section the island names (at the end, the last,
  /// though its heading is below the top), else the top's.
  var namedByte: Int {
    guard let document, let index = place(in: document).currentIndex else { return topByte }
    return document.sections[index].offset
  }

  /// `=`: the source lines in view, the rows and the bytes.
  func whereabouts() -> String {
    guard let document else { return "byte \(topByte) of \(page.size)" }
    let line = topLine(in: document)
    let last = line + linesInView(in: document) - 1
    return
      "lines \(line)–\(last) of \(document.lineCount), \(textRows) rows, byte \(topByte) of \(page.size)"
  }
}
