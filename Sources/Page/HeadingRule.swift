import Cells

/// The rule under a top-level heading: as wide as the heading's widest
/// line, under its text (flush right under a right-to-left heading).
enum HeadingRule {
  /// The rule under `wrapped` (a heading's lines), after the marks
  /// `rest`, heavy under a level-1 heading, standing at byte `at`.
  static func under(
    _ wrapped: [PageLine], rest: [Run], width: Int, glyphs: PageGlyphs, heavy: Bool, at byte: Int
  ) -> PageLine {
    let marks = Wrapper.width(of: rest)
    let text = wrapped.map { $0.width - $0.leadWidth }.max() ?? 1
    let ruleWidth = max(min(text, width - marks), 1)
    var runs = rest
    let pad = width - marks - ruleWidth
    if pad > 0, wrapped.first.map(Wrapper.isRightToLeft) == true {
      runs.append(Run(String(repeating: " ", count: pad)))
    }
    runs.append(Run(glyphs.line(ruleWidth, heavy: heavy), style: [.accent, .faint]))
    return PageLine(runs: runs, bytes: byte..<byte)
  }
}
