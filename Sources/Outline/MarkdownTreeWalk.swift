import CCmarkGFM

/// The reading of one cmark tree, node by node: headings with their
/// titles, and each block's words placed at the block's first line.
///
/// Block nodes (the extensions' table rows and cells among them) bound
/// words; inline nodes bring their text. A heading starts at the first
/// byte of its first line: the line comes from cmark, the byte from the
/// line index of the raw bytes (cmark's columns count a NUL as three
/// bytes).
struct MarkdownTreeWalk {
  let bytes: UnsafeBufferPointer<UInt8>
  let lines: LineIndex
  let place: PieceLines
  let maxDepth: Int
  /// Whether links and raw HTML anchors are gathered.
  var findsLinks = false
  private var result = Findings()
  private var counter = WordCounter()
  private var blockOffset = 0
  private var blockHeading: Int? = nil
  private var title: HeadingTextBuilder? = nil
  private var imageDepth = 0
  /// The document's last line of the top-level HTML block just entered.
  private(set) var htmlBlockLastLine: Int? = nil
  /// Where each of the piece's own footnote definitions (numbered by
  /// cmark) begins in the findings: cmark has moved them to the end of
  /// its tree, so each runs to the next or to the end.
  private var noteStarts: [(number: Int, at: Findings.Counts)] = []

  init(bytes: UnsafeBufferPointer<UInt8>, lines: LineIndex, place: PieceLines, maxDepth: Int) {
    self.bytes = bytes
    self.lines = lines
    self.place = place
    self.maxDepth = maxDepth
  }

  /// A block node begins or ends.
  mutating func block(
    _ node: OpaquePointer, type: cmark_node_type, entering: Bool, isTopLevel: Bool
  ) throws(OutlineError) {
    closeBlock()
    htmlBlockLastLine = nil
    if type == CMARK_NODE_HEADING {
      entering ? openHeading(node) : closeHeading(node)
    } else {
      blockHeading = nil
    }
    guard entering else { return }
    blockOffset = lines.offset(ofLine: place.line(cmark_node_get_start_line(node)))
    if findsLinks { foldable(node, type: type) }
    // A code block is a leaf: its text is its literal.
    if type == CMARK_NODE_CODE_BLOCK { MarkdownWalker.withLiteral(node) { counter.feed($0) } }
    if type == CMARK_NODE_HTML_BLOCK { try htmlBlock(node, isTopLevel: isTopLevel) }
  }

  /// An inline node begins or ends.
  mutating func inline(_ node: OpaquePointer, type: cmark_node_type, entering: Bool) {
    switch type {
    case CMARK_NODE_TEXT, CMARK_NODE_CODE:
      MarkdownWalker.withLiteral(node) { text in
        if imageDepth == 0 { counter.feed(text) }
        title?.add(text, inImage: imageDepth > 0, isCode: type == CMARK_NODE_CODE)
      }
    case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
      counter.endWord()
      title?.addBreak()
    case CMARK_NODE_LINK:
      if entering && findsLinks { gatherLink(node, isImage: false) }
    case CMARK_NODE_HTML_INLINE:
      if findsLinks {
        result.append(MarkdownLinks.inlineHTML(node, bytes: bytes, lines: lines, place: place))
      }
    case CMARK_NODE_IMAGE:
      // An image is timed as an image; its alt text is not read as words,
      // but it stays in a title.
      if entering && findsLinks { gatherLink(node, isImage: true) }
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

  /// A fenced code block or a list of more than one line, for an editor
  /// to fold.
  private mutating func foldable(_ node: OpaquePointer, type: cmark_node_type) {
    let kind: FoundBlock.Kind
    if type == CMARK_NODE_LIST {
      kind = .list
    } else if type == CMARK_NODE_CODE_BLOCK {
      // cmark writes the fence's length, offset and character: all asked.
      var length: Int32 = 0
      var offset: Int32 = 0
      var character: CChar = 0
      guard cmark_node_get_fenced(node, &length, &offset, &character) != 0 else { return }
      kind = .code
    } else {
      return
    }
    let first = place.line(cmark_node_get_start_line(node))
    let last = place.line(cmark_node_get_end_line(node))
    if last > first { result.blocks.append(FoundBlock(kind: kind, line: first, endLine: last)) }
  }

  private mutating func gatherLink(_ node: OpaquePointer, isImage: Bool) {
    if let link = MarkdownLinks.link(
      node, isImage: isImage, bytes: bytes, lines: lines, place: place)
    {
      result.links.append(link)
    }
  }

  /// Footnote definition `number` of the piece's own begins: what
  /// follows is its text, until the next.
  mutating func beginNote(_ number: Int) {
    closeBlock()
    noteStarts.append((number, result.counts))
  }

  /// What the tree held: the text before the footnote definitions, and
  /// each definition's by its number.
  mutating func finish() -> (text: Findings, notes: [(number: Int, text: Findings)]) {
    closeBlock()
    guard let first = noteStarts.first else { return (result, []) }
    let ends = noteStarts.dropFirst().map(\.at) + [result.counts]
    let notes = zip(noteStarts, ends).map { start, end in
      (start.number, result.cut(from: start.at, to: end))
    }
    return (result.cut(from: Findings.Counts(), to: first.at), notes)
  }

  private mutating func openHeading(_ node: OpaquePointer) {
    result.headings.append(
      FoundHeading(
        level: Int(cmark_node_get_heading_level(node)), title: "",
        offset: lines.offset(ofLine: place.line(cmark_node_get_start_line(node)))))
    blockHeading = result.headings.count - 1
    title = HeadingTextBuilder()
  }

  private mutating func closeHeading(_ node: OpaquePointer) {
    var text = title?.text ?? HeadingText()
    let source = HeadingSource.text(
      of: bytes, lines: lines, first: place.line(cmark_node_get_start_line(node)),
      last: place.line(cmark_node_get_end_line(node)))
    // The same strings shared where they read the same.
    text.source = source == text.withAlt ? text.withAlt : source
    let collapsed = PlainText.collapsed(text.withAlt)
    result.headings[result.headings.count - 1].title =
      collapsed == text.withAlt ? text.withAlt : collapsed
    result.headings[result.headings.count - 1].text = text
    blockHeading = nil
    title = nil
  }

  /// The words since the last block boundary, placed at the block.
  private mutating func closeBlock() {
    let reading = counter.take()
    if !reading.isEmpty {
      result.readings.append(
        PlacedReading(offset: blockOffset, reading: reading, heading: blockHeading))
    }
  }

  /// An HTML block may hold headings (`<h1 align="center">`) and is a
  /// contents marker if it is one: its raw lines go through the HTML
  /// walker, placed at the block's offset.
  private mutating func htmlBlock(_ node: OpaquePointer, isTopLevel: Bool) throws(OutlineError) {
    // cmark gives a block that its own end condition closed (`-->`) an end
    // line before its start line, so the block's lines are counted from
    // its literal, one per line ending.
    var end = blockOffset
    let offset = blockOffset
    var markers: [TocMarker] = []
    var lastLine = 0
    MarkdownWalker.withLiteral(node) { literal in
      let endings = literal.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
      let startLine = place.line(cmark_node_get_start_line(node))
      end = lines.offset(ofLine: startLine + max(endings, 1))
      lastLine = startLine + max(endings, 1) - 1
      // A marker is a short comment; most blocks are not looked at.
      if literal.count <= 512, literal.drop(while: { $0 == 0x20 }).starts(with: [0x3C, 0x21]),
        let marker = TocMarker.recognize(String(decoding: literal, as: UTF8.self))
      {
        markers.append(
          TocMarker(kind: marker.kind, words: marker.words, offset: offset, endOffset: end))
      }
    }
    if isTopLevel { htmlBlockLastLine = lastLine }
    result.markers += markers
    let block = UnsafeBufferPointer(rebasing: bytes[blockOffset..<max(end, blockOffset)])
    let depth = NestingProbe.depth(of: block, limit: maxDepth)
    guard depth <= maxDepth else { throw .tooDeep(depth: depth, limit: maxDepth) }
    result.append(HTMLWalker.parse(block, base: blockOffset, findsLinks: findsLinks).text)
  }
}
