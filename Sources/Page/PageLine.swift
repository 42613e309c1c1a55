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

  /// A line from its parts.
  public init(runs: [Run], bytes: Range<Int>) {
    self.runs = runs
    self.bytes = bytes
  }

  /// The text of the line, without styles.
  public var text: String { runs.map(\.text).joined() }

  /// The cells it takes on a terminal.
  public var width: Int { runs.reduce(0) { $0 + Cells.width(of: $1.text) } }
}
