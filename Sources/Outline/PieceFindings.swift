import Parallel

#if canImport(Glibc)
  import Glibc
#endif

/// What one piece of a Markdown document yields.
struct PieceFindings {
  var text = Findings()
  /// The probes that found a definition in the piece itself.
  var defines: Set<Int> = []
  /// Where those definitions point, when links are gathered: a link of
  /// another piece that used one reads `isle-ref:N` until it is told.
  var destinations: [Int: String] = [:]
  /// True when a probe reached a given definition instead of the piece's
  /// own.
  var shadowed = false
  /// The given definitions the piece's links and images used.
  var usesGiven: Set<Int> = []
  /// True when the piece ends in a block that would run on over the
  /// heading after it (an unclosed fence, an HTML block to its last line).
  var runsOn = false
}
