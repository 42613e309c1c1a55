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
  public var copy: Copy
  /// The widest the bar may be, in cells.
  public var maxWidth: Int

  /// A bar from its parts. The top mark shows once the reader is past the
  /// first section, unless `top` is false (`--no-top`).
  public init(
    title: String, number: Int, count: Int, fraction: Double, top: Bool = true, copy: Copy = Copy(),
    maxWidth: Int = 60
  ) {
    self.title = title
    self.number = number
    self.count = count
    self.fraction = fraction
    self.showsTop = top && number > 1
    self.copy = copy
    self.maxWidth = maxWidth
  }

  /// The bar as one line. A title that does not fit is cut with `…`; when
  /// the bar is very narrow the place (`3 of 6`) goes first so the title
  /// keeps its room. One section: the ring and its title alone.
  public func text() -> String {
    let title = SafeText.forTerminal(self.title)
    let lead = (showsTop ? copy.topMark + " " : "") + Ring.glyph(for: fraction) + " "
    guard count > 1 else {
      return lead + Cells.truncate(title, toWidth: max(maxWidth - Cells.width(of: lead), 1))
    }
    let place = "  " + copy.position(number, of: count)
    let chevron = " " + copy.chevronUp
    let titleWidth = Cells.width(of: title)
    var room = maxWidth - Cells.width(of: lead) - Cells.width(of: chevron)
    var trailing = chevron
    if titleWidth + Cells.width(of: place) <= room {
      trailing = place + chevron
    } else if room - Cells.width(of: place) >= min(titleWidth, 12) {
      room -= Cells.width(of: place)
      trailing = place + chevron
    }
    return lead + Cells.truncate(title, toWidth: max(room, 1)) + trailing
  }
}

/// What a screen reader should say for the reader's place.
public enum Spoken {
  /// `Method, Section 3 of 6, 62% read`; one section: `Method, 62% read`.
  public static func text(
    title: String, number: Int, count: Int, fraction: Double, copy: Copy = Copy()
  )
    -> String
  {
    var parts = [SafeText.forTerminal(title)]
    if count > 1 { parts.append(copy.spokenPosition(number, of: count)) }
    parts.append(copy.readAmount(fraction))
    return parts.joined(separator: ", ")
  }
}
