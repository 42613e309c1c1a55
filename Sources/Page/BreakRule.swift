/// A thematic break (Markdown's `---`, HTML's `<hr>`): a faint rule across
/// the room the containers' marks leave.
enum BreakRule {
  /// The break's one line, `width` cells wide after the marks `first`,
  /// standing for `bytes`.
  static func line(width: Int, first: [Run], glyphs: PageGlyphs, bytes: Range<Int>) -> PageLine {
    PageLine(
      runs: first + [Run(glyphs.line(max(width - Wrapper.width(of: first), 1)), style: .faint)],
      bytes: bytes)
  }
}
