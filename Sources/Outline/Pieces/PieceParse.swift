import Found

/// One document and how it is read: whole, or in pieces side by side (see
/// `MarkdownPieces` and `PieceLedger`).
struct PieceParse {
  let bytes: UnsafeBufferPointer<UInt8>
  let lines: LineIndex
  let hiddenPrefix: Int
  let maxDepth: Int
  let release: Outliner.Release?
  /// Pieces kept from the parse before an edit, and what this parse
  /// makes, for the next (`LiveOutline`); nil for a parse on its own.
  var keeper: PieceKeeper? = nil
  /// Whether the cost of the pieces' plans is weighed against the whole
  /// (`PieceLedger.declines`): not for pieces kept between edits, of which
  /// an edit parses few, nor where tests cut before every heading.
  var weighsCost = true
  /// Whether each piece's reference definitions are gathered
  /// (`OutlineOptions.findsDefinitions`).
  var findsDefinitions = false

  /// How a document was parsed at last.
  struct Outcome {
    var text: Findings
    /// The pieces it was parsed in (1: whole).
    var pieces: Int
    /// How many of them were parsed a second time (or more) to read what
    /// the whole reads.
    var again = 0
    /// Where the pieces were at last (empty when parsed whole).
    var ranges: [Range<Int>] = []
    /// Why a document that could be cut was parsed whole (`--stats`).
    var whole: String? = nil
  }

  /// One parse of the whole.
  func parse() throws(OutlineError) -> Findings {
    try MarkdownParser.parse(
      bytes, range: 0..<bytes.count, lines: lines, hiddenPrefix: hiddenPrefix, maxDepth: maxDepth,
      findsDefinitions: findsDefinitions
    ).text
  }

  /// The pieces starting at `starts` parsed side by side, joined where
  /// cmark says a cut does not hold; or the whole, when the labels say
  /// before any parse that the pieces cannot read as the whole reads at
  /// less cost, or (never seen in a real document) after them that they
  /// cannot read as it does at all.
  func parse(cutAt starts: [Int]) throws(OutlineError) -> Outcome {
    guard starts.count > 1 else { return Outcome(text: try parse(), pieces: 1) }
    var ranges = starts.indices.map {
      starts[$0]..<($0 + 1 < starts.count ? starts[$0 + 1] : bytes.count)
    }
    let scanned = try MarkdownPieces.parallel(ranges.count) {
      (index: Int) throws(OutlineError) -> PieceLabels in
      let scan = { PieceLabels.scan(bytes, range: ranges[index]) }
      let labels = keeper?.labels(ranges[index], scan: scan) ?? scan()
      release?(ranges[index])
      return labels
    }
    var ledger = PieceLedger(scanned)
    let scannedLedger = ledger
    let first = try MarkdownPieces.parallel(ranges.count) {
      (index: Int) throws(OutlineError) -> PiecePlan in scannedLedger.firstPlan(index)
    }
    let weighed = weighsCost && keeper == nil ? first : nil
    if let reason = ledger.declines(weighed, size: bytes.count, cores: MarkdownPieces.cores) {
      return Outcome(text: try parse(), pieces: 1, whole: reason)
    }
    var (pieces, again) = try firstParses(&ranges, &ledger, first)
    guard var facts = ledger.facts(pieces) else {
      return Outcome(text: try parse(), pieces: 1, whole: Self.unsettled)
    }

    // Pieces whose first parse may differ from the whole go again with
    // exactly what the whole gives them, until the footnotes referred to
    // across pieces settle (references do not depend on definitions, so
    // a second round is rare and a third rarer still).
    var plans = [PiecePlan?](repeating: nil, count: pieces.count)
    for _ in 0..<4 {
      let redo = pieces.indices.filter { index in
        guard let plan = plans[index] else {
          return ledger.differs(index, pieces[index], facts: facts)
        }
        return plan != ledger.exactPlan(index, facts: facts)
      }
      guard !redo.isEmpty else {
        // Each piece gave back the pages wholly inside it; those it shares
        // with the next go now.
        release?(0..<bytes.count)
        return Outcome(
          text: joined(&pieces, ledger: ledger, facts: facts), pieces: pieces.count,
          again: again.count(where: \.self), ranges: ranges)
      }
      let exact = redo.map { ledger.exactPlan($0, facts: facts) }
      let redone = try MarkdownPieces.parallel(redo.count) {
        (slot: Int) throws(OutlineError) -> PieceFindings in
        try piece(ranges[redo[slot]], plan: exact[slot])
      }
      for (slot, index) in redo.enumerated() {
        pieces[index] = redone[slot]
        plans[index] = exact[slot]
        again[index] = true
      }
      ledger.refer(pieces, in: &facts)
    }
    return Outcome(text: try parse(), pieces: 1, whole: Self.unsettled)
  }

  /// Why a document was parsed whole after its pieces.
  static let unsettled = "after its pieces: labels they could not settle"

  /// Each piece parsed with its first plan (`plans`); the pieces that run
  /// on joined to the next; the pieces that guessed a footnote's first
  /// definition wrong parsed again. Which pieces were parsed more than
  /// once, too.
  private func firstParses(
    _ ranges: inout [Range<Int>], _ ledger: inout PieceLedger, _ plans: [PiecePlan]
  ) throws(OutlineError) -> (pieces: [PieceFindings], again: [Bool]) {
    let spans = ranges
    var pieces = try MarkdownPieces.parallel(spans.count) {
      (index: Int) throws(OutlineError) -> PieceFindings in
      try piece(spans[index], plan: plans[index])
    }
    var again = [Bool](repeating: false, count: pieces.count)
    // A piece that runs on is joined to the next and only the joined
    // piece parsed again: the others' given labels do not change.
    while let broken = pieces.indices.dropLast().first(where: { pieces[$0].runsOn }) {
      ranges[broken] = ranges[broken].lowerBound..<ranges[broken + 1].upperBound
      ranges.remove(at: broken + 1)
      pieces.remove(at: broken + 1)
      again.remove(at: broken + 1)
      ledger.join(broken)
      pieces[broken] = try piece(ranges[broken], plan: ledger.firstPlan(broken))
      again[broken] = true
    }
    try settleLast(&pieces, &again, ranges, &ledger)
    // A footnote whose first candidate definition is none: the pieces
    // that took it to be real probe their own.
    let misguessed = ledger.misguessed(pieces)
    guard !misguessed.isEmpty else { return (pieces, again) }
    ledger.probedEverywhere.formUnion(misguessed)
    let probing = ledger.definers(of: misguessed).sorted()
    let guessed = ledger
    let now = ranges
    let reprobed = try MarkdownPieces.parallel(probing.count) {
      (slot: Int) throws(OutlineError) -> PieceFindings in
      try piece(now[probing[slot]], plan: guessed.firstPlan(probing[slot]))
    }
    for (slot, index) in probing.enumerated() {
      pieces[index] = reprobed[slot]
      again[index] = true
    }
    // Probing may have given the last piece definitions after it.
    try settleLast(&pieces, &again, ranges, &ledger)
    return (pieces, again)
  }

  /// The last piece parsed again without what followed it, when it ran on
  /// to the end with definitions after it: they were read inside its last
  /// block (a fence left open).
  private func settleLast(
    _ pieces: inout [PieceFindings], _ again: inout [Bool], _ ranges: [Range<Int>],
    _ ledger: inout PieceLedger
  ) throws(OutlineError) {
    let last = pieces.count - 1
    guard pieces[last].runsOn, !ledger.lastRunsOn,
      !ledger.firstPlan(last).suffix().bytes.isEmpty
    else { return }
    ledger.lastRunsOn = true
    pieces[last] = try piece(ranges[last], plan: ledger.firstPlan(last))
    again[last] = true
  }

  /// Each piece's findings, with the footnote definitions its probes
  /// kept that the whole keeps, dropped as they join the whole.
  private func joined(
    _ pieces: inout [PieceFindings], ledger: PieceLedger, facts: PieceLedger.Facts
  ) -> Findings {
    var result = Findings()
    // Room for all at once: grown by doubling, the arrays would stand
    // twice over at the peak.
    result.headings.reserveCapacity(pieces.reduce(0) { $0 + $1.text.headings.count })
    result.readings.reserveCapacity(pieces.reduce(0) { $0 + $1.text.readings.count })
    for index in pieces.indices {
      result.append(pieces[index].text)
      for number in pieces[index].probedNotes.keys.sorted()
      where ledger.keeps(number, of: pieces[index], at: index, facts: facts) {
        result.append(pieces[index].probedNotes[number]!)
      }
      pieces[index] = PieceFindings()
    }
    return result
  }

  /// One piece parsed, its readings summed between headings and its
  /// bytes released.
  func piece(_ range: Range<Int>, plan: PiecePlan) throws(OutlineError) -> PieceFindings {
    guard let keeper else { return try parsePiece(range, plan: plan) }
    return try keeper.findings(range, plan: plan) { () throws(OutlineError) -> PieceFindings in
      try parsePiece(range, plan: plan)
    }
  }

  private func parsePiece(_ range: Range<Int>, plan: PiecePlan) throws(OutlineError)
    -> PieceFindings
  {
    var piece = try MarkdownParser.parse(
      bytes, range: range, lines: lines, hiddenPrefix: hiddenPrefix, maxDepth: maxDepth,
      plan: plan, findsDefinitions: findsDefinitions)
    piece.text = piece.text.compacted(
      splittingAt: piece.probedNotes.values.flatMap { $0.headings.map(\.offset) })
    release?(range)
    return piece
  }
}
