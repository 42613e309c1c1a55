import CCmarkGFM
import Found
import Parallel

#if canImport(Glibc)
  import Glibc
#endif

/// The one file that talks to cmark-gfm.
///
/// The whole tree is turned into Swift values and freed before `parse`
/// returns; no cmark pointer outlives the call.
enum MarkdownParser {
  /// What a parse gathers of a document's links: nothing, its reference
  /// definitions alone (each piece's own), or every link, anchor and block.
  enum Reading: Equatable {
    case none, definitions, all

    init(findsLinks: Bool, findsDefinitions: Bool) {
      self = findsLinks ? .all : findsDefinitions ? .definitions : .none
    }
  }

  /// The GitHub extensions, attached to every parser.
  static let extensionNames = [
    "table", "strikethrough", "autolink", "tagfilter", "tasklist",
  ]

  /// Registers the core extensions once, whatever thread asks first.
  static let registered: Void = cmark_gfm_core_extensions_ensure_registered()

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
    _ = registered
    // A large stretch parsed whole (`--no-split`, links) is freed node by
    // node: an arena never reuses what cmark frees, and would hold more
    // than the floor's own peak.
    guard range.count <= ParseArena.largestStretch else {
      return try parse(
        bytes, range: range, lines: lines, hiddenPrefix: hiddenPrefix, maxDepth: maxDepth,
        plan: plan, reads: reads, memory: cmark_get_default_mem_allocator(),
        freesTree: true)
    }
    // Parser, tree and iterator live in the thread's arena and go with it.
    return try ParseArena.with { (memory) throws(OutlineError) -> PieceFindings in
      try parse(
        bytes, range: range, lines: lines, hiddenPrefix: hiddenPrefix, maxDepth: maxDepth,
        plan: plan, reads: reads, memory: memory, freesTree: false)
    }
  }

  private static func parse(
    _ bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>, lines: LineIndex,
    hiddenPrefix: Int, maxDepth: Int, plan: PiecePlan, reads: Reading,
    memory: UnsafeMutablePointer<cmark_mem>, freesTree: Bool
  ) throws(OutlineError) -> PieceFindings {
    let options = CMARK_OPT_VALIDATE_UTF8 | CMARK_OPT_FOOTNOTES
    guard let parser = cmark_parser_new_with_mem(options, memory) else { return PieceFindings() }
    defer { if freesTree { cmark_parser_free(parser) } }
    for name in extensionNames {
      if let syntax = cmark_find_syntax_extension(name) {
        cmark_parser_attach_syntax_extension(parser, syntax)
      }
    }
    var (prefix, pieceLines) = plan.prefix()
    prefix.withUnsafeBufferPointer { feed(parser, $0) }

    var start = range.lowerBound
    if start == 0 && hiddenPrefix > 0 {
      // One `\n` for each of its line endings, counted as cmark counts
      // them: a lone CR kept as it was would run into a later LF as CRLF.
      var endings: [UInt8] = []
      var index = 0
      while index < hiddenPrefix {
        let byte = bytes[index]
        index += byte == 0x0D && index + 1 < hiddenPrefix && bytes[index + 1] == 0x0A ? 2 : 1
        if byte == 0x0A || byte == 0x0D { endings.append(0x0A) }
      }
      endings.withUnsafeBufferPointer { feed(parser, $0) }
      start = hiddenPrefix
    } else if start == 0 && !prefix.isEmpty && bytes.count >= 3 && bytes[0] == 0xEF
      && bytes[1] == 0xBB && bytes[2] == 0xBF
    {
      // cmark skips a byte order mark only as the first bytes it is fed.
      start = 3
    }
    feed(parser, UnsafeBufferPointer(rebasing: bytes[start..<max(start, range.upperBound)]))
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
      suffix.withUnsafeBufferPointer { feed(parser, $0) }
    }
    guard let root = finish(parser) else { return PieceFindings() }
    defer { if freesTree { cmark_node_free(root) } }
    var found = try visit(
      root, bytes: bytes, lines: lines, pieceLines: pieceLines, maxDepth: maxDepth,
      links: reads == .none ? nil : start..<max(start, range.upperBound),
      followsLinks: reads == .all)
    // Marked here, while the piece's bytes are at hand: afterwards a
    // large document's pages have been given back.
    TocOmission.mark(&found.text.headings, bytes: bytes, lines: lines)
    for number in found.probedNotes.keys {
      TocOmission.mark(&found.probedNotes[number]!.headings, bytes: bytes, lines: lines)
    }
    return found
  }

  /// One inline phase at a time, until `SpecialCharacters` is known to
  /// keep cmark-gfm's global table of special characters set; after that,
  /// parsers finish side by side.
  static let inlinePhase = Lock(())

  static func finish(_ parser: OpaquePointer) -> OpaquePointer? {
    if SpecialCharacters.isKeptSet { return cmark_parser_finish(parser) }
    // The tree is returned as an address: Swift cannot see that it belongs
    // to this thread alone once the lock is let go.
    let address = inlinePhase.withLock { _ in UInt(bitPattern: cmark_parser_finish(parser)) }
    return OpaquePointer(bitPattern: address)
  }

  private static func feed(_ parser: OpaquePointer, _ bytes: UnsafeBufferPointer<UInt8>) {
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
    base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
      cmark_parser_feed(parser, $0, bytes.count)
    }
  }

  /// Visits the tree once: the piece's own blocks to `MarkdownTreeVisitor`,
  /// the given definitions and probes before them to `PieceProbes`; what
  /// follows the piece is passed over.
  /// With `links` (the bytes cmark was given of the piece), links and
  /// anchors are gathered too.
  private static func visit(
    _ root: OpaquePointer, bytes: UnsafeBufferPointer<UInt8>, lines: LineIndex,
    pieceLines: PieceLines,
    maxDepth: Int, links: Range<Int>?, followsLinks: Bool
  ) throws(OutlineError) -> PieceFindings {
    guard let events = Events(root) else { return PieceFindings() }
    var probes = PieceProbes(
      pieceLines: pieceLines, lastLine: lines.text(ofLine: pieceLines.lastLine, in: bytes))
    var tree = MarkdownTreeVisitor(
      bytes: bytes, lines: lines, pieceLines: pieceLines, maxDepth: maxDepth)
    tree.linkScope = links
    tree.followsLinks = followsLinks
    while let (node, entering) = events.next() {
      let type = cmark_node_get_type(node)
      let isBlock = type.rawValue & UInt32(CMARK_NODE_TYPE_MASK) == UInt32(CMARK_NODE_TYPE_BLOCK)
      if isBlock && entering && cmark_node_parent(node) == root {
        probes.enterTopLevel(node, type: type)
        if type == CMARK_NODE_FOOTNOTE_DEFINITION && !probes.inPrefix && !probes.inSuffix {
          tree.beginNote(probes.footnoteDefinitions)
        }
      }
      if type == CMARK_NODE_FOOTNOTE_REFERENCE, let literal = cmark_node_get_literal(node) {
        probes.footnoteReference(Int(String(cString: literal)) ?? 0)
      }
      if probes.inPrefix {
        if type == CMARK_NODE_LINK && entering { probes.answer(givenNumber(node)) }
        continue
      }
      if probes.inSuffix && type != CMARK_NODE_DOCUMENT { continue }
      if (type == CMARK_NODE_LINK || type == CMARK_NODE_IMAGE) && entering && pieceLines.hasGiven,
        let number = givenNumber(node)
      {
        probes.used(number)
      }
      if isBlock {
        try tree.block(
          node, type: type, entering: entering, isTopLevel: cmark_node_parent(node) == root)
        if let lastLine = tree.htmlBlockLastLine {
          probes.htmlBlockEnds(
            atLine: lastLine,
            firstLine: lines.text(
              ofLine: pieceLines.line(cmark_node_get_start_line(node)), in: bytes))
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

  /// The number of the given definition a link or image resolved to
  /// (its destination is `isle-ref:N`), read from cmark's own string.
  private static func givenNumber(_ node: OpaquePointer) -> Int? {
    guard let url = cmark_node_get_url(node), strncmp(url, "isle-ref:", 9) == 0 else {
      return nil
    }
    return Int(String(cString: url + 9))
  }

  /// A visit of cmark's tree from a root, one event at a time: each node
  /// on the way in and, for a node that holds others, on the way out, in
  /// the order cmark's iterator gives them. The one loop over cmark's
  /// events: the outline's, a layout's and a link text's. The iterator is
  /// freed with it (in an arena it goes with the rest; freeing it there is
  /// harmless).
  final class Events {
    private let iterator: OpaquePointer

    /// The events of the tree at `root`; nil when cmark has no memory.
    init?(_ root: OpaquePointer) {
      guard let iterator = cmark_iter_new(root) else { return nil }
      self.iterator = iterator
    }

    deinit { cmark_iter_free(iterator) }

    /// The next node and whether it is entered; nil when the visit is done.
    @inline(__always)
    func next() -> (node: OpaquePointer, entering: Bool)? {
      while true {
        let event = cmark_iter_next(iterator)
        if event == CMARK_EVENT_DONE { return nil }
        guard let node = cmark_iter_get_node(iterator) else { continue }
        return (node, event == CMARK_EVENT_ENTER)
      }
    }

    /// Passes over what `node` holds: the next event is on its way out.
    func skip(_ node: OpaquePointer) { cmark_iter_reset(iterator, node, CMARK_EVENT_EXIT) }
  }

  /// Calls `body` with the node's literal text as bytes.
  static func withLiteral(
    _ node: OpaquePointer, _ body: (UnsafeBufferPointer<UInt8>) -> Void
  ) {
    guard let literal = cmark_node_get_literal(node) else { return }
    let length = strlen(literal)
    literal.withMemoryRebound(to: UInt8.self, capacity: length) {
      body(UnsafeBufferPointer(start: $0, count: length))
    }
  }
}
