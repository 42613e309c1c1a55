/// Search over a page: a match is looked for in each paragraph's text as
/// written (see `ParagraphMatches`), so one the wrap broke is found.
extension Page {
  /// The characters of the line at `spot` (as `PageLine.characters`
  /// counts them) that a match of `query` covers, a match begun on the
  /// line before or ending on the next included.
  public func highlights(of query: String, at spot: Spot) -> [Range<Int>] {
    guard !query.isEmpty, spot.piece >= 0, spot.piece < pieceCount else { return [] }
    let lines = lines(ofPiece: spot.piece)
    guard lines.indices.contains(spot.row) else { return [] }
    if let kept = lastMatches, kept.piece == spot.piece, kept.query == query,
      kept.rows.contains(spot.row)
    {
      return kept.lit[spot.row - kept.rows.lowerBound]
    }
    let matches = ParagraphMatches(
      query, in: lines, rows: ParagraphMatches.paragraph(around: spot.row, in: lines),
      piece: spot.piece)
    lastMatches = matches
    return matches.lit[spot.row - matches.rows.lowerBound]
  }

  /// The next line after `spot` (before it, backwards) a match of `query`
  /// starts on, skipping pieces whose bytes cannot hold it without laying
  /// them out.
  /// `stop` is asked before each piece: true gives up (nil).
  public func find(
    _ query: String, after spot: Spot, forward: Bool = true, stop: () -> Bool = { false }
  ) -> Spot? {
    var piece = spot.piece
    while piece >= 0 && piece < pieceCount {
      defer { piece += forward ? 1 : -1 }
      if stop() { return nil }
      if piece != spot.piece && !Search.mayHold(query, in: read(range(ofPiece: piece))) {
        continue
      }
      let lines = lines(ofPiece: piece)
      guard !lines.isEmpty else { continue }
      var row =
        piece == spot.piece
        ? min(max(spot.row, 0), lines.count - 1) : forward ? 0 : lines.count - 1
      while lines.indices.contains(row) {
        let rows = ParagraphMatches.paragraph(around: row, in: lines)
        let starts = ParagraphMatches(query, in: lines, rows: rows, piece: piece).starts
        let after = piece == spot.piece ? spot.row : forward ? -1 : Int.max
        if let found = forward
          ? starts.first(where: { $0 > after }) : starts.last(where: { $0 < after })
        {
          return Spot(piece: piece, row: found)
        }
        row = forward ? rows.upperBound : rows.lowerBound - 1
      }
    }
    return nil
  }
}
