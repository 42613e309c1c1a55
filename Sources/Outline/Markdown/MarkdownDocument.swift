/// A stretch of Markdown as cmark-gfm reads it, in Swift values: its
/// blocks and inline nodes with their bytes, in the order a visit of the
/// tree meets them. The one value the Markdown parser hands out, for a
/// layout to draw and a heading's link text to be read from.
///
/// cmark's tree is visited once and freed before `parse` returns, as
/// swift-markdown's converter does; no cmark pointer outlives the call.
/// The nodes are kept in visit order rather than as a tree of values, so
/// that a document nested thousands of levels deep is neither visited nor
/// freed by recursion.
public struct MarkdownDocument: Sendable {
  /// One node met in the visit: on the way in, or on the way out of a node
  /// that holds others (a leaf is met once, on the way in).
  public struct Step: Sendable, Equatable {
    public var node: MarkdownNode
    public var entering: Bool
  }

  /// The nodes in visit order.
  public private(set) var steps: [Step] = []
  /// The lines of the stretch.
  public let lines: LineIndex

  /// The tree of `bytes`: the bytes before `hidden` are front matter, which
  /// cmark sees as its line endings alone (lines keep their numbers), and
  /// `definitions`, lines of link definitions from the rest of the
  /// document, are read first. Nothing they make is a step, and lines and
  /// offsets are the stretch's own.
  public static func parse(_ bytes: [UInt8], hidden: Int = 0, definitions: [UInt8] = [])
    -> MarkdownDocument
  {
    var document = MarkdownDocument(lines: LineIndex(bytes))
    document.build(bytes, hidden: hidden, definitions: definitions, extensions: .document)
    return document
  }

  /// A heading's content read alone, as a link's text is: with the
  /// strikethrough and autolink extensions only, and no footnotes.
  static func parse(headingText source: String) -> MarkdownDocument {
    let bytes = Array(source.utf8)
    var document = MarkdownDocument(lines: LineIndex(bytes))
    document.build(bytes, hidden: 0, definitions: [], extensions: .headingText)
    return document
  }

  private init(lines: LineIndex) { self.lines = lines }

  private mutating func build(
    _ bytes: [UInt8], hidden: Int, definitions: [UInt8], extensions: Cmark.Extensions
  ) {
    // cmark's lines count the definitions' before the stretch's own.
    let pieceLines = PieceLines(prefixLines: definitions.count { $0 == 0x0A })
    let hiddenLines = hidden > 0 ? lines.line(ofOffset: hidden - 1) : 0
    // Never thrown: the visit reads no HTML.
    _ = try? Cmark.parse(extensions: extensions) { feed in
      feed(definitions)
      if hiddenLines > 0 { feed([UInt8](repeating: 0x0A, count: hiddenLines)) }
      bytes[min(hidden, bytes.count)...].withUnsafeBufferPointer { feed($0) }
    } visit: { events in
      visit(events, pieceLines: pieceLines)
    }
  }

  private mutating func visit(_ events: Cmark.Events, pieceLines: PieceLines) {
    while let (node, entering) = events.next() {
      // Nothing the borrowed definitions made (they make no block
      // themselves, unless one was not a definition after all) is kept.
      if pieceLines.prefixLines > 0, entering, node.parent == events.root,
        Int(node.startLine) <= pieceLines.prefixLines
      {
        events.skip(node)
        continue
      }
      let line = pieceLines.line(node.startLine)
      let start = lines.offset(ofLine: line, column: Int(node.startColumn))
      // The document starts among the lines borrowed: on the stretch's first.
      let end = self.end(node, pieceLines: pieceLines)
      steps.append(
        Step(
          node: MarkdownNode(
            kind: Self.kind(of: node), range: start..<max(end, start), line: max(line, 1)),
          entering: entering))
    }
  }

  /// Just past the node's last byte in the stretch (cmark gives an end
  /// column of 0 for a block that ends with its line's ending).
  private func end(_ node: Cmark.Node, pieceLines: PieceLines) -> Int {
    let line = pieceLines.line(node.endLine)
    let column = Int(node.endColumn)
    if column == 0 { return lines.offset(ofLine: line) }
    return min(lines.offset(ofLine: line, column: column) + 1, lines.size)
  }

  private static func kind(of node: Cmark.Node) -> MarkdownNode.Kind {
    switch node.type {
    case .document: return .document
    case .blockQuote: return .quote
    case .list: return .list(start: node.listStart, tight: node.listIsTight)
    case .item: return .item(checked: node.taskChecked)
    case .paragraph: return .paragraph
    case .heading: return .heading(level: node.headingLevel)
    case .codeBlock: return .codeBlock(literal: node.literal, info: node.fenceInfo)
    case .htmlBlock: return .htmlBlock
    case .thematicBreak: return .thematicBreak
    case .footnoteDefinition: return .footnoteDefinition
    case .text: return .text(node.literal)
    case .code: return .code(node.literal)
    case .softBreak: return .softBreak
    case .lineBreak: return .lineBreak
    case .htmlInline: return .htmlInline(node.literal)
    case .emphasis: return .emphasis
    case .strong: return .strong
    case .link: return .link(destination: node.url)
    case .image: return .image
    case .footnoteReference: return .footnoteReference(node.literal)
    case .customBlock, .customInline, .extensionBlock, .extensionInline:
      return extensionKind(of: node)
    }
  }

  /// The kinds the GitHub extensions add.
  private static func extensionKind(of node: Cmark.Node) -> MarkdownNode.Kind {
    switch node.extensionName {
    case "table": return .table
    case "table_header": return .tableRow(header: true)
    case "table_row": return .tableRow(header: node.isHeaderRow)
    case "table_cell": return .tableCell
    case "strikethrough": return .strikethrough
    default: return .other
    }
  }
}

/// One node of a stretch of Markdown as cmark-gfm reads it, in Swift
/// values: what it is, what it carries, and where it stands.
public struct MarkdownNode: Sendable, Equatable {
  /// What the node is, with what a layout draws of it.
  public enum Kind: Sendable, Equatable {
    case document
    case quote
    /// A list: the first number of an ordered one (nil for bullets).
    case list(start: Int?, tight: Bool)
    /// A list item: for a task, whether it is checked (nil for no task).
    case item(checked: Bool?)
    case paragraph
    case heading(level: Int)
    /// A code block: its text and its fence's info string.
    case codeBlock(literal: String, info: String)
    case htmlBlock
    case thematicBreak
    case table
    /// A table row, and whether it is the header's.
    case tableRow(header: Bool)
    case tableCell
    case footnoteDefinition
    case text(String)
    case code(String)
    case softBreak
    case lineBreak
    case htmlInline(String)
    case emphasis
    case strong
    case strikethrough
    case link(destination: String?)
    case image
    case footnoteReference(String)
    /// A node no layout draws.
    case other
  }

  public var kind: Kind
  /// Its bytes in the stretch, as cmark places it (an end before its start
  /// taken as an empty range there). Only blocks' are the bytes they
  /// show: cmark gives inline nodes no reliable positions.
  public var range: Range<Int>
  /// The 1-based line of the stretch it starts on.
  public var line: Int

  /// A node from its parts.
  public init(kind: Kind, range: Range<Int>, line: Int) {
    self.kind = kind
    self.range = range
    self.line = line
  }
}
