import Cells

/// One line of a laid-out document: its runs, left to right, and the bytes
/// of the source it shows.
public struct PageLine: Equatable, Sendable {
  /// The runs, left to right.
  public var runs: [Run]
  /// The source bytes this line stands for: from the first byte it shows
  /// to where the next line starts. A blank line between blocks stands for
  /// the bytes between them.
  public var bytes: Range<Int>
  /// How many characters at the line's start are marks the layout put
  /// there (a quote's bar, a list item's bullet or room), not text.
  public var lead = 0
  /// When the line is a paragraph wrapped, what stood where it was broken
  /// (`" "` at a space, `""` inside a word): the next line goes on with
  /// the same text. Nil where the text ends.
  public var continues: String? = nil
  /// True for a line that is never wrapped (code, a table's row): when it
  /// is wider than the page, the pager scrolls it sideways, its lead
  /// staying put.
  public var sideways = false

  /// A line from its parts.
  public init(
    runs: [Run], bytes: Range<Int>, lead: Int = 0, continues: String? = nil,
    sideways: Bool = false
  ) {
    self.runs = runs
    self.bytes = bytes
    self.lead = lead
    self.continues = continues
    self.sideways = sideways
  }

  /// The text of the line, without styles.
  public var text: String { runs.map(\.text).joined() }

  /// The line's characters, run by run (a mark at a run's start stays a
  /// character of its own, as the terminal is sent it).
  public var characters: [Character] { runs.flatMap { Array($0.text) } }

  /// The line with `marks` before it (a container's), counted in its lead.
  func after(_ marks: [Run]) -> PageLine {
    var line = self
    line.runs = marks + runs
    line.lead += marks.reduce(0) { $0 + $1.text.count }
    return line
  }

  /// The cells it takes on a terminal.
  public var width: Int { runs.reduce(0) { $0 + Cells.width(of: $1.text) } }

  /// The cells its lead takes.
  public var leadWidth: Int { Cells.width(of: String(characters.prefix(lead))) }
}
