/// What cmark reads before a piece of a document (see `MarkdownPieces`),
/// each entry a paragraph of its own followed by a blank line: footnote
/// definitions given from other pieces, footnote references (probes that
/// tell whether the piece defines a footnote, and keep a definition that
/// other pieces refer to), link definitions given, link probes; and what
/// cmark reads after it: link definitions to fall back on.
struct PiecePlan: Equatable, Sendable {
  var footnotesGiven: [Label] = []
  var footnoteProbes: [Label] = []
  var linksGiven: [Label] = []
  var linkProbes: [Label] = []
  /// Other pieces' definitions of labels the piece may define itself:
  /// after the piece, so that its own definition, when real, comes first.
  var linksFallback: [Label] = []
  var footnotesFallback: [Label] = []

  var isEmpty: Bool {
    footnotesGiven.isEmpty && footnoteProbes.isEmpty && linksGiven.isEmpty && linkProbes.isEmpty
      && linksFallback.isEmpty && footnotesFallback.isEmpty
  }

  /// About how many bytes the plan puts before and after the piece.
  var size: Int {
    [footnotesGiven, footnoteProbes, linksGiven, linkProbes, linksFallback, footnotesFallback]
      .reduce(0) { total, labels in labels.reduce(total) { $0 + $1.bytes.count + 20 } }
  }

  /// The bytes before the piece, and on which of their lines each probe
  /// and given footnote stands.
  func prefix() -> (bytes: [UInt8], pieceLines: PieceLines) {
    var bytes: [UInt8] = []
    var pieceLines = PieceLines()
    func entry(_ text: [UInt8]) {
      bytes += text + [0x0A, 0x0A]
      pieceLines.prefixLines += 2
    }
    for label in footnotesGiven {
      pieceLines.givenFootnotes[pieceLines.prefixLines + 1] = label.number
      entry([0x5B, 0x5E] + label.bytes + Array("]: isle-note".utf8))
    }
    // A paragraph after the given footnotes, so that the piece's first
    // line, indented, cannot continue the last of them.
    if !footnotesGiven.isEmpty { entry(Array("isle".utf8)) }
    // Three spaces after each probe (dropped at the paragraph's end): a
    // label ending in the lead byte of a longer UTF-8 sequence would take
    // the `]` with it when cmark makes it U+FFFD at the end of a line.
    for label in footnoteProbes {
      pieceLines.footnoteProbes[pieceLines.prefixLines + 1] = label.number
      entry([0x5B, 0x5E] + label.bytes + [0x5D, 0x20, 0x20, 0x20])
    }
    for label in linksGiven {
      entry([0x5B] + label.bytes + Array("]: isle-ref:\(label.number)".utf8))
    }
    for label in linkProbes {
      pieceLines.probes[pieceLines.prefixLines + 1] = label.number
      entry([0x5B] + label.bytes + [0x5D, 0x20, 0x20, 0x20])
    }
    return (bytes, pieceLines)
  }

  /// The bytes after the piece: an empty ATX heading, which closes the
  /// piece's blocks as the heading that follows it in the document does,
  /// then the definitions to fall back on; and the footnote given on each
  /// of their lines, counted from the heading's (0).
  func suffix() -> (bytes: [UInt8], givenFootnotes: [Int: Int]) {
    guard !linksFallback.isEmpty || !footnotesFallback.isEmpty else { return ([], [:]) }
    var bytes: [UInt8] = [0x23, 0x0A]
    var line = 1
    var givenFootnotes: [Int: Int] = [:]
    for label in footnotesFallback {
      givenFootnotes[line] = label.number
      bytes += [0x5B, 0x5E] + label.bytes + Array("]: isle-note".utf8) + [0x0A, 0x0A]
      line += 2
    }
    for label in linksFallback {
      bytes += [0x5B] + label.bytes + Array("]: isle-ref:\(label.number)".utf8) + [0x0A, 0x0A]
    }
    return (bytes, givenFootnotes)
  }
}

/// A link label as written in the document, numbered.
struct Label: Equatable, Sendable {
  var bytes: [UInt8]
  var number: Int
}
