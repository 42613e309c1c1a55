import Found
import HTMLOutline
import ReadingTime
import Slugs

/// The reading of one cmark tree, node by node: headings with their
/// titles, and each block's words placed at the block's first line.
///
/// Block nodes (the extensions' table rows and cells among them) bound
/// words; inline nodes bring their text. A heading starts at the first
/// byte of its first line: the line comes from cmark, the byte from the
/// line index of the raw bytes (cmark's columns count a NUL as three
/// bytes).
struct MarkdownTreeVisitor {
  let bytes: UnsafeBufferPointer<UInt8>
  let lines: LineIndex
  let pieceLines: PieceLines
  let maxDepth: Int
  /// The bytes whose links and raw HTML anchors are gathered; nil when
  /// they are not.
  var linkScope: Range<Int>? = nil
  /// Whether the links in `linkScope` are followed; when not, only its
  /// reference definitions are gathered.
  var followsLinks = true
  private var findsLinks: Bool { linkScope != nil && followsLinks }
  private var findsDefinitions: Bool { linkScope != nil }
  /// The document's lines that leaf blocks stand on: the reference
  /// definitions cmark took out of the tree stand on the others.
  private var covered: [ClosedRange<Int>] = []
  private var result = Findings()
  private var counter = WordCounter()
  private var blockOffset = 0
  private var blockHeading: Int? = nil
  private var title: HeadingTextBuilder? = nil
  private var imageDepth = 0
  /// The heading whose end the next block may bring forward (see
  /// `closeHeading`).
  private var headingEndOpen: Int? = nil
  /// The document's last line of the top-level HTML block just entered.
  private(set) var htmlBlockLastLine: Int? = nil
  /// Where the links of the block being read are written.
  private var cursor: InlineCursor
  /// The index in `result.links` of each link or image open around the
  /// node being read; nil for one that gave no link.
  private var openLinks: [Int?] = []
  /// Where each of the piece's own footnote definitions (numbered by
  /// cmark) begins in the findings: cmark has moved them to the end of
  /// its tree, so each runs to the next or to the end.
  private var noteStarts: [(number: Int, at: Findings.Counts)] = []

  init(bytes: UnsafeBufferPointer<UInt8>, lines: LineIndex, pieceLines: PieceLines, maxDepth: Int) {
    self.bytes = bytes
    self.lines = lines
    self.pieceLines = pieceLines
    self.maxDepth = maxDepth
    self.cursor = InlineCursor(bytes: bytes)
  }

  /// A block node begins or ends.
  mutating func block(
    _ node: Cmark.Node, type: Cmark.NodeType, entering: Bool, isTopLevel: Bool
  ) throws(OutlineError) {
    closeBlock()
    htmlBlockLastLine = nil
    if type == .heading {
      entering ? openHeading(node) : closeHeading(node)
    } else {
      blockHeading = nil
    }
    if findsDefinitions && !entering, let isTableCell = Self.holdsInlines(node, type: type) {
      cursor.end(isTableCell: isTableCell)
    }
    guard entering else { return }
    blockOffset = lines.offset(ofLine: pieceLines.line(node.startLine))
    if let open = headingEndOpen, result.headings.indices.contains(open) {
      if let end = result.headings[open].endOffset, blockOffset > result.headings[open].offset {
        result.headings[open].endOffset = min(end, blockOffset)
      }
      headingEndOpen = nil
    }
    if findsLinks {
      if isTopLevel || Self.isTopLevelItem(node, type: type) {
        result.blockStarts.append(blockOffset)
      }
      foldable(node, type: type)
    }
    if findsDefinitions {
      // The cursor takes the definitions that open a paragraph.
      followInlines(node, type: type)
      cover(node, type: type)
    }
    // A code block is a leaf: its text is its literal.
    if type == .codeBlock { node.withLiteral { counter.feed($0.span) } }
    if type == .htmlBlock { try htmlBlock(node, isTopLevel: isTopLevel) }
  }

  /// An inline node begins or ends.
  mutating func inline(_ node: Cmark.Node, type: Cmark.NodeType, entering: Bool) {
    if findsLinks { follow(node, type: type, entering: entering) }
    switch type {
    case .text, .code:
      node.withLiteral { text in
        if imageDepth == 0 { counter.feed(text.span) }
        title?.add(text.span, inImage: imageDepth > 0, isCode: type == .code)
      }
    case .softBreak, .lineBreak:
      counter.endWord()
      title?.addBreak()
    case .image:
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

  /// True for an item of a list that stands at the top level: a long
  /// section may be cut before it (`isle show --max-words`).
  private static func isTopLevelItem(_ node: Cmark.Node, type: Cmark.NodeType) -> Bool {
    guard type == .item, let list = node.parent, let container = list.parent else { return false }
    return container.type == .document
  }

  /// A fenced code block or a list of more than one line, for an editor
  /// to fold.
  private mutating func foldable(_ node: Cmark.Node, type: Cmark.NodeType) {
    let kind: FoundBlock.Kind
    if type == .list {
      kind = .list
    } else if type == .codeBlock {
      guard node.fence != nil else { return }
      kind = .code
    } else {
      return
    }
    let first = pieceLines.line(node.startLine)
    let last = pieceLines.line(node.endLine)
    if last > first { result.blocks.append(FoundBlock(kind: kind, line: first, endLine: last)) }
  }

  /// The cursor starts on a block that holds inline content.
  private mutating func followInlines(_ node: Cmark.Node, type: Cmark.NodeType) {
    openLinks = []
    guard let isTableCell = Self.holdsInlines(node, type: type) else {
      return cursor.begin(type, start: 0, end: 0, isTableCell: false)
    }
    let start = blockOffset + max(Int(node.startColumn) - 1, 0)
    let end = lines.offset(ofLine: pieceLines.line(node.endLine) + 1)
    cursor.begin(type, start: start, end: max(end, start), isTableCell: isTableCell)
  }

  /// The line of a setext heading's underline (`===` or `---`), the first
  /// from `first` on; nil for an ATX heading.
  private func setextUnderline(from first: Int, to last: Int) -> Int? {
    let start = lines.offset(ofLine: first)
    var at = start
    while at < bytes.count, bytes[at] == 0x20 || bytes[at] == 0x3E { at += 1 }
    guard at < bytes.count, bytes[at] != 0x23 else { return nil }
    for line in (first + 1)...max(first + 1, last) {
      let end = min(lines.offset(ofLine: line + 1), bytes.count)
      let text = bytes[lines.offset(ofLine: line)..<end].filter {
        $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D && $0 != 0x3E
      }
      if let mark = text.first, mark == 0x3D || mark == 0x2D, text.allSatisfy({ $0 == mark }) {
        return line
      }
    }
    return nil
  }

  /// Whether a block holds inline content: nil when not, else whether it
  /// is a table cell (a paragraph or a heading otherwise).
  private static func holdsInlines(_ node: Cmark.Node, type: Cmark.NodeType) -> Bool? {
    if type == .paragraph || type == .heading { return false }
    guard type == .extensionBlock, node.isTableCell else { return nil }
    return true
  }

  /// The cursor follows an inline node; links and inline HTML are placed
  /// where it finds them, or where cmark says once it is lost.
  private mutating func follow(_ node: Cmark.Node, type: Cmark.NodeType, entering: Bool) {
    switch type {
    case .text:
      // cmark joins the texts next to each other: a `]` that closes no
      // link is in one of them, as written.
      cursor.keepsClosers = true
      node.withLiteral { cursor.text($0) }
      cursor.keepsClosers = false
      if !cursor.closers.isEmpty {
        result.strayClosers += cursor.closers
        cursor.closers = []
      }
    case .code:
      cursor.code()
    case .softBreak, .lineBreak:
      cursor.lineBreak()
    case .footnoteReference:
      if entering { cursor.footnoteReference() }
    case .htmlInline:
      var start: Int? = nil
      node.withLiteral { start = cursor.html($0) }
      result.append(
        MarkdownLinks.inlineHTML(
          node, at: start, bytes: bytes, lines: lines, pieceLines: pieceLines))
    case .link, .image:
      let isImage = type == .image
      if entering {
        let start = cursor.open(isImage: isImage)
        let link = MarkdownLinks.link(
          node, isImage: isImage, at: start, bytes: bytes, lines: lines, pieceLines: pieceLines)
        if let link { result.links.append(link) }
        openLinks.append(link == nil ? nil : result.links.count - 1)
      } else {
        let closing = cursor.close()
        guard let index = openLinks.popLast() ?? nil else { return }
        if let closing {
          result.links[index].kind = closing.isReference ? .reference : isImage ? .image : .link
          result.links[index].label = closing.label.map { Array(bytes[$0]) }
          result.links[index].labelRange = closing.label
          result.links[index].destinationRange = closing.destination
        } else if let lost = MarkdownLinks.link(
          node, isImage: isImage, at: nil, bytes: bytes, lines: lines, pieceLines: pieceLines)
        {
          // Lost inside the link: its kind as cmark's positions tell it.
          result.links[index].kind = lost.kind
          result.links[index].label = lost.label
        }
      }
    default:
      break
    }
  }

  /// Footnote definition `number` of the piece's own begins: what
  /// follows is its text, until the next.
  mutating func beginNote(_ number: Int) {
    closeBlock()
    noteStarts.append((number, result.counts))
  }

  /// What the tree held: the text before the footnote definitions, and
  /// each definition's by its number. The reference definitions cmark
  /// took out of the tree go with the text.
  mutating func finish() -> (text: Findings, notes: [(number: Int, text: Findings)]) {
    closeBlock()
    var definitions: [FoundLink] = []
    if let linkScope {
      definitions = ReferenceDefinitions.links(
        cursor.definitions
          + ReferenceDefinitions.outside(covered, in: bytes, scope: linkScope, lines: lines),
        in: bytes)
    }
    guard let first = noteStarts.first else {
      var text = result
      text.links += definitions
      return (text, [])
    }
    let ends = noteStarts.dropFirst().map(\.at) + [result.counts]
    let notes = zip(noteStarts, ends).map { start, end in
      (start.number, result.cut(from: start.at, to: end))
    }
    var text = result.cut(from: Findings.Counts(), to: first.at)
    text.links += definitions
    return (text, notes)
  }

  /// The lines of a block that is no container: what it covers cannot
  /// hold a definition cmark took out.
  private mutating func cover(_ node: Cmark.Node, type: Cmark.NodeType) {
    switch type {
    case .document, .blockQuote, .list, .item, .footnoteDefinition, .htmlBlock:
      // An HTML block's lines are counted from its literal (`htmlBlock`).
      return
    default:
      let first = pieceLines.line(node.startLine)
      var last = pieceLines.line(node.endLine)
      // cmark may end a setext heading on a line after its underline.
      if type == .heading, let underline = setextUnderline(from: first, to: last) {
        last = underline
      }
      covered.append(first...max(first, last))
    }
  }

  private mutating func openHeading(_ node: Cmark.Node) {
    result.headings.append(
      FoundHeading(
        level: node.headingLevel, title: "",
        offset: lines.offset(ofLine: pieceLines.line(node.startLine))))
    blockHeading = result.headings.count - 1
    title = HeadingTextBuilder()
  }

  private mutating func closeHeading(_ node: Cmark.Node) {
    var text = title?.text ?? HeadingText()
    let source = HeadingSource.text(
      of: bytes, lines: lines, first: pieceLines.line(node.startLine),
      last: pieceLines.line(node.endLine))
    // The same strings shared where they read the same.
    text.source = source == text.withAlt ? text.withAlt : source
    let collapsed = PlainText.collapsed(text.withAlt)
    result.headings[result.headings.count - 1].title =
      collapsed == text.withAlt ? text.withAlt : collapsed
    result.headings[result.headings.count - 1].text = text
    if findsLinks {
      // A whole parse: the line after cmark's last (a setext heading's
      // underline), unless cmark's end column is 0, which names the start
      // of the line after; the next block may still start sooner (cmark
      // runs a setext heading on into a paragraph right below it).
      let last = pieceLines.line(node.endLine)
      let ends = node.endColumn == 0 ? last : last + 1
      result.headings[result.headings.count - 1].endOffset = lines.offset(ofLine: ends)
      headingEndOpen = result.headings.count - 1
    }
    blockHeading = nil
    title = nil
  }

  /// The words since the last block boundary, placed at the block.
  private mutating func closeBlock() {
    let reading = counter.take()
    if !reading.isEmpty {
      result.readings.append(
        ReadingStretch(offset: blockOffset, reading: reading, heading: blockHeading))
    }
  }

  /// An HTML block may hold headings (`<h1 align="center">`) and is a
  /// contents marker if it is one: its raw lines go through the HTML
  /// parser, placed at the block's offset.
  private mutating func htmlBlock(_ node: Cmark.Node, isTopLevel: Bool) throws(OutlineError) {
    // cmark gives a block that its own end condition closed (`-->`) an end
    // line before its start line, so the block's lines are counted from
    // its literal, one per line ending.
    var end = blockOffset
    let offset = blockOffset
    var markers: [TocMarker] = []
    var lastLine = 0
    node.withLiteral { literal in
      let endings = literal.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
      let startLine = pieceLines.line(node.startLine)
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
    if findsDefinitions {
      let first = lines.line(ofOffset: offset)
      covered.append(first...max(first, lastLine))
    }
    result.markers += markers
    let block = UnsafeBufferPointer(rebasing: bytes[blockOffset..<max(end, blockOffset)])
    let depth = NestingProbe.depth(of: block.span, limit: maxDepth)
    guard depth <= maxDepth else { throw .tooDeep(depth: depth, limit: maxDepth) }
    result.append(HTMLParser.parse(block.span, base: blockOffset, findsLinks: findsLinks).text)
  }
}
