/// How cmark's lines map to the document's (or a stretch's), for one piece
/// read after lines given before it, and what stands on those lines
/// (`PiecePlan`; a layout's `MarkdownDocument` gives link definitions alone).
/// Lines themselves are `LineIndex`'s: this only shifts cmark's numbers.
struct PieceLines {
  /// Lines of given definitions and probes before the piece.
  var prefixLines = 0
  /// The document's line where the piece starts, and where it ends.
  var firstLine = 1
  var lastLine = 1
  /// The link probe asked on each prefix line.
  var probes: [Int: Int] = [:]
  /// The footnote probe asked on each prefix line.
  var footnoteProbes: [Int: Int] = [:]
  /// The footnote given on each prefix line.
  var givenFootnotes: [Int: Int] = [:]
  /// cmark's first line after the piece, when something follows it.
  var suffixLine: Int? = nil

  /// True when cmark reads definitions given before or after the piece.
  var hasGiven: Bool { prefixLines > 0 || suffixLine != nil }

  /// The document's line for cmark's `line`.
  func line(_ line: Int32) -> Int { Int(line) - prefixLines + firstLine - 1 }
}
