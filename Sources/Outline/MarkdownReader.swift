import CCmarkGFM
import Dispatch

#if canImport(Glibc)
  import Glibc
#endif

/// The one place that talks to cmark-gfm.
///
/// The whole tree is turned into Swift values and freed before `parse`
/// returns; no cmark pointer outlives the call.
enum MarkdownReader {
  /// The GitHub extensions, attached to every parser.
  private static let extensionNames = [
    "table", "strikethrough", "autolink", "tagfilter", "tasklist",
  ]

  /// Registers the core extensions once, whatever thread asks first.
  private static let registered: Void = cmark_gfm_core_extensions_ensure_registered()

  /// Parses `bytes` as GitHub-flavoured Markdown. The bytes before
  /// `hiddenPrefix` (front matter) reach cmark as their line endings alone,
  /// so lines keep their numbers.
  static func parse(
    _ bytes: UnsafeBufferPointer<UInt8>, lines: LineIndex, hiddenPrefix: Int = 0,
    maxDepth: Int = 20_000
  ) throws(OutlineError) -> ParsedText {
    try parse(
      bytes, range: 0..<bytes.count, lines: lines, hiddenPrefix: hiddenPrefix, maxDepth: maxDepth
    ).text
  }

  /// Parses the bytes in `range` (the whole document, or a piece of it
  /// that starts a line and begins and ends outside every block; see
  /// `MarkdownPieces`). Offsets and lines in the result are the whole
  /// document's. `given` and `probes` go before the piece as paragraphs of
  /// their own, and their lines are left out of the result.
  static func parse(
    _ bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>, lines: LineIndex,
    hiddenPrefix: Int = 0, maxDepth: Int = 20_000, given: [Label] = [], probes: [Label] = []
  ) throws(OutlineError) -> PieceText {
    _ = registered
    let options = CMARK_OPT_VALIDATE_UTF8 | CMARK_OPT_FOOTNOTES
    guard let parser = cmark_parser_new(options) else { return PieceText() }
    defer { cmark_parser_free(parser) }
    for name in extensionNames {
      if let syntax = cmark_find_syntax_extension(name) {
        cmark_parser_attach_syntax_extension(parser, syntax)
      }
    }
    // Each given definition and each probe a paragraph of its own, so one
    // that is not what it seems cannot run into the next.
    var prefix: [UInt8] = []
    var probeLines: [Int: Int] = [:]
    var prefixLines = 0
    for label in given {
      prefix += [0x5B] + label.bytes + Array("]: isle-ref:\(label.number)\n\n".utf8)
      prefixLines += 2
    }
    for label in probes {
      probeLines[prefixLines + 1] = label.number
      prefix += [0x5B] + label.bytes + [0x5D, 0x0A, 0x0A]
      prefixLines += 2
    }
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
    guard let root = finish(parser) else { return PieceText() }
    defer { cmark_node_free(root) }
    let firstLine = lines.line(ofOffset: range.lowerBound)
    let lastLine = range.isEmpty ? firstLine : lines.line(ofOffset: range.upperBound - 1)
    let place = Placing(
      prefixLines: prefixLines, firstLine: firstLine, lastLine: lastLine, probes: probeLines)
    return try walk(root, bytes: bytes, lines: lines, place: place, maxDepth: maxDepth)
  }

  /// One inline phase at a time, until `SpecialCharacters` is known to
  /// keep cmark-gfm's global table of special characters set; after that,
  /// parsers finish side by side.
  private static let inlinePhase = DispatchSemaphore(value: 1)

  private static func finish(_ parser: OpaquePointer) -> OpaquePointer? {
    if SpecialCharacters.isKeptSet { return cmark_parser_finish(parser) }
    inlinePhase.wait()
    defer { inlinePhase.signal() }
    return cmark_parser_finish(parser)
  }

  private static func feed(_ parser: OpaquePointer, _ bytes: UnsafeBufferPointer<UInt8>) {
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
    base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
      cmark_parser_feed(parser, $0, bytes.count)
    }
  }

  /// Walks the tree once, collecting headings and each block's reading.
  private static func walk(
    _ root: OpaquePointer, bytes: UnsafeBufferPointer<UInt8>, lines: LineIndex, place: Placing,
    maxDepth: Int
  ) throws(OutlineError) -> PieceText {
    var piece = PieceText()
    var result = ParsedText()
    guard let iterator = cmark_iter_new(root) else { return piece }
    defer { cmark_iter_free(iterator) }
    /// The probe whose paragraph is being walked, if any.
    var probe: Int? = nil
    var inPrefix = false
    /// The last top-level block of the piece: whether it is one that runs
    /// on over a heading (a fence, an HTML block), and its last line.
    var lastBlockRunsOn = false
    var lastBlockEnd = 0

    var counter = WordCounter()
    var blockOffset = 0
    var blockHeading: Int? = nil
    var title: HeadingTextBuilder? = nil
    var imageDepth = 0

    func closeBlock() {
      let reading = counter.take()
      if !reading.isEmpty {
        result.readings.append(
          PlacedReading(offset: blockOffset, reading: reading, heading: blockHeading))
      }
    }

    while true {
      let event = cmark_iter_next(iterator)
      if event == CMARK_EVENT_DONE { break }
      guard let node = cmark_iter_get_node(iterator) else { continue }
      let type = cmark_node_get_type(node)
      let entering = event == CMARK_EVENT_ENTER
      let isBlock = type.rawValue & 0xC000 == 0x8000

      // The given definitions and the probes come first: a probe's answer
      // is the link its paragraph became, and nothing else there is read.
      if isBlock && entering && cmark_node_parent(node) == root {
        let line = Int(cmark_node_get_start_line(node))
        inPrefix = line <= place.prefixLines
        probe = inPrefix ? place.probes[line] : nil
        if !inPrefix {
          lastBlockEnd = Int(cmark_node_get_end_line(node)) - place.prefixLines
          lastBlockRunsOn = false
          if type == CMARK_NODE_CODE_BLOCK {
            var length: Int32 = 0
            var indent: Int32 = 0
            var character: CChar = 0
            lastBlockRunsOn = cmark_node_get_fenced(node, &length, &indent, &character) != 0
          } else if type == CMARK_NODE_HTML_BLOCK {
            lastBlockRunsOn = true
          }
        }
      }
      if inPrefix {
        if type == CMARK_NODE_LINK && entering, let number = probe {
          if givenNumber(node) != nil {
            piece.shadowed = true
          } else {
            piece.defines.insert(number)
          }
          probe = nil
        }
        continue
      }
      if (type == CMARK_NODE_LINK || type == CMARK_NODE_IMAGE) && entering && place.prefixLines > 0,
        let number = givenNumber(node)
      {
        piece.usesGiven.insert(number)
      }

      // Block nodes (the extensions' table rows and cells among them) bound
      // words and place the reading inside them.
      if isBlock {
        closeBlock()
        if type == CMARK_NODE_HEADING {
          if entering {
            // A heading starts at the first byte of its first line; the
            // line comes from cmark, the byte from our own index of the raw
            // bytes (cmark's columns count a NUL as three bytes).
            result.headings.append(
              FoundHeading(
                level: Int(cmark_node_get_heading_level(node)), title: "",
                offset: lines.offset(ofLine: place.line(cmark_node_get_start_line(node)))))
            blockHeading = result.headings.count - 1
            title = HeadingTextBuilder()
          } else {
            var text = title?.text ?? HeadingText()
            text.source = HeadingSource.text(
              of: bytes, lines: lines, first: place.line(cmark_node_get_start_line(node)),
              last: place.line(cmark_node_get_end_line(node)))
            result.headings[result.headings.count - 1].title = PlainText.collapsed(text.withAlt)
            result.headings[result.headings.count - 1].text = text
            blockHeading = nil
            title = nil
          }
        } else {
          blockHeading = nil
        }
        if entering {
          blockOffset = lines.offset(ofLine: place.line(cmark_node_get_start_line(node)))
          // A code block is a leaf: its text is its literal.
          if type == CMARK_NODE_CODE_BLOCK { withLiteral(node) { counter.feed($0) } }
          // An HTML block may hold headings (`<h1 align="center">`): its raw
          // lines go through the HTML reader, placed at the block's offset.
          if type == CMARK_NODE_HTML_BLOCK {
            // cmark gives a block that its own end condition closed (`-->`)
            // an end line before its start line, so the block's lines are
            // counted from its literal, one per line ending.
            var end = blockOffset
            withLiteral(node) { literal in
              let endings = literal.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
              let startLine = place.line(cmark_node_get_start_line(node))
              end = lines.offset(ofLine: startLine + max(endings, 1))
              if cmark_node_parent(node) == root {
                lastBlockEnd = startLine + max(endings, 1) - 1 - place.firstLine + 1
              }
              // A marker is a short comment; most blocks are not looked at.
              let text = literal.count <= 64 ? PlainText.collapsed(Array(literal)) : ""
              if let kind = TocMarker.Kind(rawValue: text) {
                result.markers.append(TocMarker(kind: kind, offset: blockOffset, endOffset: end))
              }
            }
            let block = UnsafeBufferPointer(rebasing: bytes[blockOffset..<max(end, blockOffset)])
            let depth = NestingProbe.depth(of: block, limit: maxDepth)
            guard depth <= maxDepth else { throw .tooDeep(depth: depth, limit: maxDepth) }
            let html = HTMLReader.parse(
              UnsafeBufferPointer(rebasing: bytes[blockOffset..<max(end, blockOffset)]),
              base: blockOffset)
            result.append(html.text)
          }
        }
        continue
      }

      switch type {
      case CMARK_NODE_TEXT, CMARK_NODE_CODE:
        withLiteral(node) { text in
          if imageDepth == 0 { counter.feed(text) }
          title?.add(text, inImage: imageDepth > 0)
        }
      case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
        counter.endWord()
        title?.addBreak()
      case CMARK_NODE_IMAGE:
        // An image is timed as an image; its alt text is not read as words,
        // but it stays in a title.
        if entering {
          if imageDepth == 0 { counter.addImage() }
          imageDepth += 1
        } else {
          imageDepth -= 1
        }
      default:
        // Emphasis, links, strikethrough: their text arrives as children.
        // Inline HTML tags and footnote marks are not read.
        break
      }
    }
    closeBlock()
    piece.runsOn = lastBlockRunsOn && lastBlockEnd >= place.lastLine - place.firstLine + 1
    piece.text = result
    return piece
  }

  /// The number of the given definition a link or image resolved to
  /// (its destination is `isle-ref:N`), read from cmark's own string.
  private static func givenNumber(_ node: OpaquePointer) -> Int? {
    guard let url = cmark_node_get_url(node), strncmp(url, "isle-ref:", 9) == 0 else {
      return nil
    }
    return Int(String(cString: url + 9))
  }

  /// Calls `body` with the node's literal text as bytes.
  private static func withLiteral(
    _ node: OpaquePointer, _ body: (UnsafeBufferPointer<UInt8>) -> Void
  ) {
    guard let literal = cmark_node_get_literal(node) else { return }
    let length = strlen(literal)
    literal.withMemoryRebound(to: UInt8.self, capacity: length) {
      body(UnsafeBufferPointer(start: $0, count: length))
    }
  }
}
