import Found

/// What one piece of a Markdown document yields.
struct PieceFindings: Sendable {
  var text = Findings()
  /// The link probes that found a definition in the piece itself.
  var defines: Set<Int> = []
  /// The given definition each link probe reached instead of one of the
  /// piece's own (right only for a definition to fall back on of the
  /// same key: the piece has none of its own).
  var probesReached: [Int: Int] = [:]
  /// The given link definitions the piece's links and images used.
  var usesGiven: Set<Int> = []
  /// True when the piece ends in a block that would run on over the
  /// heading after it (an unclosed fence, an HTML block to its last line).
  var runsOn = false
  /// Footnotes: the number cmark gave each probe that found a definition
  /// (probes of labels it takes as one share it).
  var footnoteProbeNumbers: [Int: Int] = [:]
  /// The given footnote definition each footnote probe reached instead of
  /// one of the piece's own.
  var footnoteProbesReached: [Int: Int] = [:]
  /// The given footnote definitions the piece refers to.
  var footnotesUsedGiven: Set<Int> = []
  /// The given footnote definitions to fall back on that a probe reached
  /// and the piece may refer to as well (from a definition cmark dropped).
  var footnotesMaybeUsed: Set<Int> = []
  /// The probed footnotes the piece's own text refers to.
  var footnotesReferred: Set<Int> = []
  /// The given link definitions that footnote probes became links to.
  var footnoteProbeLinks: Set<Int> = []
  /// The text of each footnote definition of the piece's own that a probe
  /// reached (by cmark's number, as in `footnoteProbeNumbers`): the probe
  /// kept it, and the whole may not (`PieceLedger.keeps`).
  var probedNotes: [Int: Findings] = [:]

  /// The footnote probes that found a definition in the piece itself.
  var footnoteDefines: Set<Int> { Set(footnoteProbeNumbers.keys) }
}
