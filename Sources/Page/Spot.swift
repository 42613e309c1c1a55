/// A line of a page: its piece and its row within the piece's lines.
public struct Spot: Hashable, Comparable, Sendable {
  /// The piece (see `Page.cuts`).
  public var piece: Int
  /// The row within that piece's lines.
  public var row: Int

  /// A spot from its parts.
  public init(piece: Int, row: Int) {
    self.piece = piece
    self.row = row
  }

  /// Earlier in the document.
  public static func < (left: Spot, right: Spot) -> Bool {
    (left.piece, left.row) < (right.piece, right.row)
  }
}
