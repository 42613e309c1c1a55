import Cells

/// The closed island: one line naming the section in view, with a ring of
/// how much is read.
///
/// ```
/// ↑ ◑ Method  3 of 6 ⌃
/// ```
public struct Bar: Sendable {
  /// The current section's title.
  public var title: String
  /// The current section's 1-based number.
  public var number: Int
  /// How many sections there are.
  public var count: Int
  /// How much has been read, 0…1.
  public var fraction: Double
  /// Whether the back-to-top mark stands at the leading end.
  public var showsTop: Bool
  /// The words of the island.
  public var copy: Wording
  /// The glyphs and colours.
  public var theme: Theme
  /// The widest the bar may be, in cells.
  public var width: Int
  /// The time left in the document (`12 min`), for a `{left}` in the
  /// wording.
  public var left: String

  /// A bar from its parts. The top mark shows once the reader is past the
  /// first section, unless `top` is false (`--no-top`).
  public init(
    title: String, number: Int, count: Int, fraction: Double, top: Bool = true,
    copy: Wording = Wording(),
    theme: Theme = .plain, width: Int = 60, left: String = ""
  ) {
    self.title = title
    self.number = number
    self.count = count
    self.fraction = fraction
    self.showsTop = top && number > 1
    self.copy = copy
    self.theme = theme
    self.width = width
    self.left = left
  }

  /// The bar as one line, at most `width` cells, hugging its content.
  ///
  /// When space runs short the title is cut first, with the ellipsis at a
  /// character boundary; when the bar is very narrow the number (`3 of 6`)
  /// goes first so the title keeps its room, then the top mark and the
  /// chevron. One section: the ring and its title alone.
  public func text() -> String {
    let glyphs = theme.glyphs
    let title = SafeText.forTerminal(self.title)
    var top = showsTop ? Line(glyphs.top + " ") : Line()
    let ring = Line(glyphs.ring(for: fraction), .accent) + Line(" ")
    var numbered = count > 1 ? Line("  " + copy.position(number, of: count, left: left)) : Line()
    var chevron = count > 1 ? Line(" " + glyphs.chevronUp) : Line()
    let titleWidth = Cells.width(of: title)
    func room() -> Int { width - top.width - ring.width - numbered.width - chevron.width }
    // The title gives way last: the number goes once the title would show
    // fewer than 12 cells, then the top mark and the chevron once it would
    // show fewer than 6.
    if room() < min(titleWidth, 12) { numbered = Line() }
    if room() < min(titleWidth, 6) { top = Line() }
    if room() < min(titleWidth, 6) { chevron = Line() }
    let shown = Cells.truncate(title, toWidth: max(room(), 0), ellipsis: glyphs.ellipsis)
    let line = top + ring + Line(Bidi.isolated(shown)) + numbered + chevron
    return line.cut(to: width, ellipsis: glyphs.ellipsis).render(theme.paint)
  }
}
