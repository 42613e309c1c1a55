import Cells

/// A line that scrolls sideways (code, a table's row) seen through the
/// page's width: its lead where it is, the rest from `shift` cells in, a
/// mark on the left when there is more that way (`←`) and on the right
/// (`→`). A wide character cut by an edge leaves a blank cell.
public struct SidewaysView {
  /// How many cells of the text (after the lead) are scrolled out of view
  /// on the left.
  public let shift: Int
  /// The cells the line may take.
  public let width: Int
  /// The marks drawn where there is more (`←`, `→`).
  public let glyphs: PageGlyphs

  /// A view `shift` cells in, `width` cells wide.
  public init(shift: Int, width: Int, glyphs: PageGlyphs) {
    self.shift = max(shift, 0)
    self.width = max(width, 1)
    self.glyphs = glyphs
  }

  private struct Positioned {
    var character: Character
    /// The run it came from; nil for a mark.
    var run: Int?
    /// Its index in the line's characters; nil for a mark.
    var index: Int?
    var width: Int
  }

  /// `line` as seen, with `lit` (character ranges of `line`) taken to
  /// the characters seen; a line that does not scroll, or fits, as it is.
  public func look(at line: PageLine, lit: [Range<Int>]) -> (line: PageLine, lit: [Range<Int>]) {
    guard line.sideways, shift > 0 || line.width > width else { return (line, lit) }
    var all: [Positioned] = []
    for (run, part) in line.runs.enumerated() {
      for character in part.text {
        all.append(
          Positioned(
            character: character, run: run, index: all.count, width: Cells.width(of: character)))
      }
    }
    let lead = Array(all.prefix(line.lead))
    let room = width - lead.reduce(0) { $0 + $1.width }
    guard room >= 2 else { return (line, lit) }
    var seen: [Positioned] = []
    var start = 0
    var before = false
    var after = false
    var blank = 0
    for laid in all.dropFirst(lead.count) {
      let end = start + laid.width
      if start < shift {
        before = true
        blank = max(end - shift, 0)
      } else if end <= shift + room {
        seen.append(laid)
      } else {
        after = true
      }
      start = end
    }
    func mark(_ character: Character) -> Positioned {
      Positioned(character: character, run: nil, index: nil, width: 1)
    }
    var shown = Array(repeating: mark(" "), count: blank) + seen
    if before {
      // The left mark takes the first cell.
      var freed = 0
      while freed < 1, !shown.isEmpty { freed += shown.removeFirst().width }
      shown = [mark(glyphs.back)] + Array(repeating: mark(" "), count: max(freed - 1, 0)) + shown
    }
    if after {
      var used = shown.reduce(0) { $0 + $1.width }
      while used + 1 > room, let last = shown.popLast() { used -= last.width }
      shown.append(mark(glyphs.more))
    }
    return assemble(lead + shown, from: line, lit: lit)
  }

  /// The characters put back into runs, and the lit ranges onto them.
  private func assemble(_ laid: [Positioned], from line: PageLine, lit: [Range<Int>])
    -> (line: PageLine, lit: [Range<Int>])
  {
    var runs: [Run] = []
    var lastRun: Int?? = nil
    var seenLit: [Range<Int>] = []
    for (position, item) in laid.enumerated() {
      if let index = item.index, lit.contains(where: { $0.contains(index) }) {
        if let last = seenLit.last, last.upperBound == position {
          seenLit[seenLit.count - 1] = last.lowerBound..<position + 1
        } else {
          seenLit.append(position..<position + 1)
        }
      }
      if lastRun == .some(item.run), !runs.isEmpty {
        runs[runs.count - 1].text.append(item.character)
      } else if let run = item.run {
        let source = line.runs[run]
        runs.append(Run(String(item.character), style: source.style, link: source.link))
      } else {
        runs.append(Run(String(item.character), style: .faint))
      }
      lastRun = .some(item.run)
    }
    var seen = line
    seen.runs = runs
    return (seen, seenLit)
  }
}
