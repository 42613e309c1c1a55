import Cells

/// Fills lines with words, by terminal cells: a word goes to the next line
/// when it does not fit, a word wider than a line is split between
/// characters, a wide (CJK) character may start a line without a space
/// before it, and `"\n"` in a run breaks the line there. Every character is
/// made safe for a terminal on the way. A right-to-left paragraph (its
/// first letter Hebrew, Arabic…) is set flush right; its characters stay
/// in their order, which a terminal's bidi shows right to left.
enum Wrapper {
  /// One character laid out: which run it came from and its source byte.
  struct Cell: Equatable {
    var character: Character
    var run: Int
    var offset: Int?
    var width: Int
  }

  /// A word and what stands before it, by their places in a paragraph's
  /// cells.
  struct Word {
    var cells: Range<Int> = 0..<0
    var spaceBefore: Int? = nil
    var breaksBefore = false
    /// The cells its characters take.
    var width = 0
  }

  /// `runs` in lines at most `width` cells wide, `first` leading the first
  /// line and `rest` the others; the lines share `bytes` out, the first
  /// starting at its start.
  static func wrap(
    _ runs: [Run], width: Int, first: [Run] = [], rest: [Run] = [], bytes: Range<Int>
  ) -> [PageLine] {
    let all = cells(runs)
    let words = self.words(all)
    var lines: [[Cell]] = []
    // What stood at each break: a space, a line break (read as a space)
    // or nothing (inside a word, between wide characters).
    var breaks: [String] = []
    var current: [Cell] = []
    var used = 0
    let firstRoom = max(width - Self.width(of: first), 1)
    let restRoom = max(width - Self.width(of: rest), 1)
    func room() -> Int { lines.isEmpty ? firstRoom : restRoom }
    func flush(_ standing: String) {
      lines.append(current)
      breaks.append(standing)
      current = []
      used = 0
    }
    for word in words {
      if word.breaksBefore { flush(" ") }
      let space = current.isEmpty ? 0 : (word.spaceBefore == nil ? 0 : 1)
      if used + space + word.width <= room() {
        if space == 1, let cell = word.spaceBefore { current.append(all[cell]) }
        current += all[word.cells]
        used += space + word.width
        continue
      }
      if !current.isEmpty { flush(word.spaceBefore == nil ? "" : " ") }
      for cell in all[word.cells] {
        if used + cell.width > room() && !current.isEmpty { flush("") }
        current.append(cell)
        used += cell.width
      }
    }
    if !current.isEmpty || lines.isEmpty { flush("") }
    let assembled = assemble(
      lines, runs: runs, first: first, rest: rest, bytes: bytes, breaks: breaks)
    guard runs.lazy.compactMap({ Direction.of($0.text) }).first == .rightToLeft else {
      return assembled
    }
    return assembled.enumerated().map { index, line in
      let marks = index == 0 ? first : rest
      let pad = width - line.width
      guard pad > 0 else { return line }
      var line = line
      line.runs.insert(Run(String(repeating: " ", count: pad)), at: marks.count)
      line.lead += pad
      return line
    }
  }

  /// True when `line` is text set flush right: its first letter after
  /// its lead is right to left.
  static func isRightToLeft(_ line: PageLine) -> Bool {
    Direction.of(String(line.characters.dropFirst(line.lead))) == .rightToLeft
  }

  /// `runs` on one line, cut at `width` cells with `→` when longer: a line
  /// that neither wraps nor scrolls sideways (marks of deep nesting in a
  /// narrow window).
  static func line(_ runs: [Run], width: Int, more: Character = "→", bytes: Range<Int>)
    -> PageLine
  {
    var cells: [Cell] = []
    var used = 0
    let all = self.cells(runs)
    for (index, cell) in all.enumerated() {
      let isLast = index == all.count - 1
      if used + cell.width > width - (isLast ? 0 : 1) && !(isLast && used + cell.width <= width) {
        cells.append(Cell(character: more, run: cell.run, offset: nil, width: 1))
        break
      }
      cells.append(cell)
      used += cell.width
    }
    return assemble([cells], runs: runs, first: [], rest: [], bytes: bytes)[0]
  }

  /// `runs` folded at `width` cells, every character kept where it is
  /// (spaces too), as `less` folds a long line.
  static func fold(_ runs: [Run], width: Int, bytes: Range<Int>) -> [PageLine] {
    var lines: [[Cell]] = [[]]
    var used = 0
    for var cell in cells(runs) {
      if cell.character == "\n" {
        cell.character = "␤"
        cell.width = 1
      }
      if used + cell.width > max(width, 1) && !lines[lines.count - 1].isEmpty {
        lines.append([])
        used = 0
      }
      lines[lines.count - 1].append(cell)
      used += cell.width
    }
    return assemble(
      lines, runs: runs, first: [], rest: [], bytes: bytes,
      breaks: Array(repeating: "", count: lines.count))
  }

  static func width(of runs: [Run]) -> Int { runs.reduce(0) { $0 + Cells.width(of: $1.text) } }

  /// Every character of `runs`, made safe, with its run and source byte.
  static func cells(_ runs: [Run]) -> [Cell] {
    var cells: [Cell] = []
    for (index, run) in runs.enumerated() {
      if !ASCIIText.appendCells(run, index: index, to: &cells) {
        cells += characterCells(run, index: index)
      }
    }
    return cells
  }

  /// The cells of `run` (run number `index`), a character at a time.
  static func characterCells(_ run: Run, index: Int) -> [Cell] {
    var cells: [Cell] = []
    var offset = run.offset
    for character in run.text {
      let length = character.utf8.count
      let safe: Character
      if character == "\t" {
        safe = " "
      } else if character == "\n" {
        safe = "\n"
      } else if character.unicodeScalars.contains(where: {
        $0.value < 0x20 || (0x7F...0x9F).contains($0.value)
          || (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value)
      }) {
        safe = Character(SafeText.forTerminal(String(character)))
      } else {
        safe = character
      }
      let cellWidth = safe == "\n" ? 0 : Cells.width(of: safe)
      cells.append(Cell(character: safe, run: index, offset: offset, width: cellWidth))
      offset = offset.map { $0 + length }
    }
    return cells
  }

  /// The words of a paragraph's `cells`: broken at spaces, at `"\n"` and
  /// around wide characters.
  static func words(_ cells: [Cell]) -> [Word] {
    var words: [Word] = []
    var word = Word()
    var pendingSpace: Int? = nil
    var pendingBreak = false
    func close() {
      if !word.cells.isEmpty { words.append(word) }
      word = Word()
    }
    for (index, cell) in cells.enumerated() {
      if cell.character == "\n" {
        close()
        pendingBreak = true
        pendingSpace = nil
        continue
      }
      if cell.character == " " {
        close()
        if pendingSpace == nil { pendingSpace = index }
        continue
      }
      if cell.width == 2 { close() }
      if word.cells.isEmpty {
        word.cells = index..<index
        word.spaceBefore = pendingSpace
        word.breaksBefore = pendingBreak
        pendingSpace = nil
        pendingBreak = false
      }
      word.cells = word.cells.lowerBound..<index + 1
      word.width += cell.width
      if cell.width == 2 { close() }
    }
    close()
    return words
  }

  /// Lines of cells back into runs, with their byte ranges; with
  /// `breaks` (what stood at each break), each line but the last goes on
  /// in the next.
  static func assemble(
    _ lines: [[Cell]], runs: [Run], first: [Run], rest: [Run], bytes: Range<Int>,
    breaks: [String] = []
  ) -> [PageLine] {
    var starts: [Int] = []
    for (index, cells) in lines.enumerated() {
      let found = cells.lazy.compactMap(\.offset).first
      let previous = starts.last ?? bytes.lowerBound
      let start = index == 0 ? bytes.lowerBound : max(previous, found ?? previous)
      starts.append(min(max(start, bytes.lowerBound), bytes.upperBound))
    }
    return lines.enumerated().map { index, cells in
      let built = joined(cells, runs: runs, after: index == 0 ? first : rest)
      let end = index + 1 < starts.count ? starts[index + 1] : bytes.upperBound
      let marks = index == 0 ? first : rest
      return PageLine(
        runs: built, bytes: starts[index]..<max(end, starts[index]),
        lead: marks.reduce(0) { $0 + $1.text.count },
        continues: index + 1 < lines.count && index < breaks.count ? breaks[index] : nil)
    }
  }

  /// `cells` as runs after `marks`: the cells of one run, or of runs set
  /// the same way, joined in one.
  static func joined(_ cells: [Cell], runs: [Run], after marks: [Run]) -> [Run] {
    var built = marks
    var text: [UInt8] = []
    var last = -1
    func close() {
      if !text.isEmpty { built[built.count - 1].text = String(decoding: text, as: UTF8.self) }
      text.removeAll(keepingCapacity: true)
    }
    for cell in cells {
      if cell.run != last {
        let source = runs[cell.run]
        let previous = built.count > marks.count ? built.last : nil
        if previous?.style != source.style || previous?.link != source.link {
          close()
          built.append(Run("", style: source.style, link: source.link, offset: cell.offset))
        }
        last = cell.run
      }
      text.append(contentsOf: cell.character.utf8)
    }
    close()
    return built
  }
}
