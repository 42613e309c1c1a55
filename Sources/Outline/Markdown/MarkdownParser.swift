import Found

/// The one way into the Markdown parser (`Cmark`, the one file that talks
/// to cmark-gfm): a document, or a piece of it, read into the outline's
/// findings (`parse`, the tree's events walked as they come, no value made
/// of each node), or into a `MarkdownDocument` (`document`, the nodes as
/// Swift values, for a layout, a show's blocks, a link's text).
///
/// Every cmark node is freed before either returns.
enum MarkdownParser {
  /// What a parse gathers of a document's links: nothing, its reference
  /// definitions alone (each piece's own), or every link, anchor and block.
  enum Reading: Equatable {
    case none, definitions, all

    init(findsLinks: Bool, findsDefinitions: Bool) {
      self = findsLinks ? .all : findsDefinitions ? .definitions : .none
    }
  }

  /// Parses `bytes` as GitHub-flavoured Markdown. The bytes before
  /// `hiddenPrefix` (front matter) reach cmark as their line endings alone,
  /// so lines keep their numbers.
  static func parse(
    _ bytes: UnsafeBufferPointer<UInt8>, lines: LineIndex, hiddenPrefix: Int = 0,
    maxDepth: Int = 20_000, findsLinks: Bool = false
  ) throws(OutlineError) -> Findings {
    try parse(
      bytes, range: 0..<bytes.count, lines: lines, hiddenPrefix: hiddenPrefix, maxDepth: maxDepth,
      findsLinks: findsLinks
    ).text
  }

  /// Parses the bytes in `range` (the whole document, or a piece of it
  /// that starts a line and begins and ends outside every block; see
  /// `MarkdownPieces`). Offsets and lines in the result are the whole
  /// document's. What `plan` puts before the piece is left out of the
  /// result. With `findsLinks`, links and raw HTML anchors are gathered too.
  static func parse(
    _ bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>, lines: LineIndex,
    hiddenPrefix: Int = 0, maxDepth: Int = 20_000, plan: PiecePlan = PiecePlan(),
    findsLinks: Bool = false, findsDefinitions: Bool = false
  ) throws(OutlineError) -> PieceFindings {
    let reads = Reading(findsLinks: findsLinks, findsDefinitions: findsDefinitions)
    var (prefix, pieceLines) = plan.prefix()
    var start = range.lowerBound
    // A large stretch parsed whole (`--no-split`, links) is freed node by
    // node: an arena never reuses what cmark frees, and would hold more
    // than the floor's own peak.
    let memory: Cmark.Memory = range.count <= ParseArena.largestStretch ? .arena : .heap
    let found = try Cmark.parse(memory: memory) { feed in
      feed(prefix)
      if start == 0 && hiddenPrefix > 0 {
        feed(endings(of: UnsafeBufferPointer(rebasing: bytes[..<hiddenPrefix])))
        start = hiddenPrefix
      } else if start == 0 && !prefix.isEmpty && bytes.count >= 3 && bytes[0] == 0xEF
        && bytes[1] == 0xBB && bytes[2] == 0xBF
      {
        // cmark skips a byte order mark only as the first bytes it is fed.
        start = 3
      }
      feed(UnsafeBufferPointer(rebasing: bytes[start..<max(start, range.upperBound)]))
      pieceLines.firstLine = lines.line(ofOffset: range.lowerBound)
      pieceLines.lastLine =
        range.isEmpty ? pieceLines.firstLine : lines.line(ofOffset: range.upperBound - 1)
      var (suffix, suffixFootnotes) = plan.suffix()
      if !suffix.isEmpty {
        // On a line of its own, after the piece's last.
        if let last = range.last, bytes[last] != 0x0A && bytes[last] != 0x0D {
          suffix.insert(0x0A, at: 0)
        }
        let suffixLine = pieceLines.prefixLines + pieceLines.lastLine - pieceLines.firstLine + 2
        pieceLines.suffixLine = suffixLine
        for (line, number) in suffixFootnotes {
          pieceLines.givenFootnotes[suffixLine + line] = number
        }
        feed(suffix)
      }
    } visit: { (events) throws(OutlineError) -> PieceFindings in
      try visit(
        events, bytes: bytes, lines: lines, pieceLines: pieceLines, maxDepth: maxDepth,
        links: reads == .none ? nil : start..<max(start, range.upperBound),
        followsLinks: reads == .all)
    }
    guard var found else { return PieceFindings() }
    // Marked here, while the piece's bytes are at hand: afterwards a
    // large document's pages have been given back.
    TocOmission.mark(&found.text.headings, bytes: bytes, lines: lines)
    for number in found.probedNotes.keys {
      TocOmission.mark(&found.probedNotes[number]!.headings, bytes: bytes, lines: lines)
    }
    return found
  }

  /// One `\n` for each of the line endings of `hidden` (front matter),
  /// counted as cmark counts them: a lone CR kept as it was would run into
  /// a later LF as CRLF.
  static func endings(of hidden: UnsafeBufferPointer<UInt8>) -> [UInt8] {
    var endings: [UInt8] = []
    var index = 0
    while index < hidden.count {
      let byte = hidden[index]
      index += byte == 0x0D && index + 1 < hidden.count && hidden[index + 1] == 0x0A ? 2 : 1
      if byte == 0x0A || byte == 0x0D { endings.append(0x0A) }
    }
    return endings
  }

  /// Visits the tree once: the piece's own blocks to `MarkdownTreeVisitor`,
  /// the given definitions and probes before them to `PieceProbes`; what
  /// follows the piece is passed over.
  /// With `links` (the bytes cmark was given of the piece), links and
  /// anchors are gathered too.
  private static func visit(
    _ events: Cmark.Events, bytes: UnsafeBufferPointer<UInt8>, lines: LineIndex,
    pieceLines: PieceLines, maxDepth: Int, links: Range<Int>?, followsLinks: Bool
  ) throws(OutlineError) -> PieceFindings {
    let root = events.root
    var probes = PieceProbes(
      pieceLines: pieceLines, lastLine: lines.text(ofLine: pieceLines.lastLine, in: bytes))
    var tree = MarkdownTreeVisitor(
      bytes: bytes, lines: lines, pieceLines: pieceLines, maxDepth: maxDepth)
    tree.linkScope = links
    tree.followsLinks = followsLinks
    while let (node, entering) = events.next() {
      let type = node.type
      let isBlock = type.isBlock
      let isTopLevel = isBlock && node.parent == root
      if isTopLevel && entering {
        probes.enterTopLevel(node, type: type)
        if type == .footnoteDefinition && !probes.inPrefix && !probes.inSuffix {
          tree.beginNote(probes.footnoteDefinitions)
        }
      }
      if type == .footnoteReference {
        probes.footnoteReference(Int(node.literal) ?? 0)
      }
      if probes.inPrefix {
        if type == .link && entering { probes.answer(node.urlNumber(after: "isle-ref:")) }
        continue
      }
      if probes.inSuffix && type != .document { continue }
      if (type == .link || type == .image) && entering && pieceLines.hasGiven,
        let number = node.urlNumber(after: "isle-ref:")
      {
        probes.used(number)
      }
      if isBlock {
        try tree.block(node, type: type, entering: entering, isTopLevel: isTopLevel)
        if let lastLine = tree.htmlBlockLastLine {
          probes.htmlBlockEnds(
            atLine: lastLine, firstLine: lines.text(ofLine: pieceLines.line(node.startLine), in: bytes))
        }
      } else {
        tree.inline(node, type: type, entering: entering)
      }
    }
    let (text, notes) = tree.finish()
    var found = probes.findings(text)
    // A definition a probe reached is kept apart: whether the whole keeps
    // it is known once every piece is parsed (`PieceLedger.keeps`).
    let probed = Set(found.footnoteProbeNumbers.values)
    for (number, note) in notes {
      if probed.contains(number) {
        found.probedNotes[number] = note
      } else {
        found.text.append(note)
      }
    }
    return found
  }
}
