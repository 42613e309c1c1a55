import CCmarkGFM

/// A stretch of Markdown as cmark-gfm reads it, in Swift values, for a
/// layout to draw: its nodes in the order a visit of the tree meets them.
///
/// cmark's tree is visited once and freed before `parse` returns, as
/// swift-markdown's converter does; no cmark pointer outlives the call.
/// The nodes are kept in visit order rather than as a tree of values, so
/// that a document nested thousands of levels deep is neither visited nor
/// freed by recursion.
public struct MarkdownTree: Sendable {
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
    -> MarkdownTree
  {
    var tree = MarkdownTree(lines: LineIndex(bytes))
    tree.build(bytes, hidden: hidden, definitions: definitions)
    return tree
  }

  private init(lines: LineIndex) { self.lines = lines }

  private mutating func build(_ bytes: [UInt8], hidden: Int, definitions: [UInt8]) {
    _ = MarkdownParser.registered
    guard let parser = cmark_parser_new(CMARK_OPT_VALIDATE_UTF8 | CMARK_OPT_FOOTNOTES) else {
      return
    }
    defer { cmark_parser_free(parser) }
    for name in MarkdownParser.extensionNames {
      if let syntax = cmark_find_syntax_extension(name) {
        cmark_parser_attach_syntax_extension(parser, syntax)
      }
    }
    Self.feed(parser, definitions[...])
    if hidden > 0 {
      let endings = [UInt8](repeating: 0x0A, count: lines.line(ofOffset: hidden - 1))
      Self.feed(parser, endings[...])
    }
    Self.feed(parser, bytes[min(hidden, bytes.count)...])
    guard let root = MarkdownParser.finish(parser) else { return }
    defer { cmark_node_free(root) }
    // cmark's lines count the definitions' before the stretch's own.
    visit(root, pieceLines: PieceLines(prefixLines: definitions.count { $0 == 0x0A }))
  }

  private mutating func visit(_ root: OpaquePointer, pieceLines: PieceLines) {
    guard let events = MarkdownParser.Events(root) else { return }
    while let (node, entering) = events.next() {
      // Nothing the borrowed definitions made (they make no block
      // themselves, unless one was not a definition after all) is kept.
      if pieceLines.prefixLines > 0, entering, cmark_node_parent(node) == root,
        Int(cmark_node_get_start_line(node)) <= pieceLines.prefixLines
      {
        events.skip(node)
        continue
      }
      let line = pieceLines.line(cmark_node_get_start_line(node))
      let start = lines.offset(ofLine: line, column: Int(cmark_node_get_start_column(node)))
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
  private func end(_ node: OpaquePointer, pieceLines: PieceLines) -> Int {
    let line = pieceLines.line(cmark_node_get_end_line(node))
    let column = Int(cmark_node_get_end_column(node))
    if column == 0 { return lines.offset(ofLine: line) }
    return min(lines.offset(ofLine: line, column: column) + 1, lines.size)
  }

  private static func kind(of node: OpaquePointer) -> MarkdownNode.Kind {
    let type = cmark_node_get_type(node)
    switch type {
    case CMARK_NODE_DOCUMENT: return .document
    case CMARK_NODE_BLOCK_QUOTE: return .quote
    case CMARK_NODE_LIST:
      return .list(
        start: cmark_node_get_list_type(node) == CMARK_ORDERED_LIST
          ? Int(cmark_node_get_list_start(node)) : nil,
        tight: cmark_node_get_list_tight(node) != 0)
    case CMARK_NODE_ITEM:
      return .item(
        checked: name(of: node) == "tasklist"
          ? cmark_gfm_extensions_get_tasklist_item_checked(node) : nil)
    case CMARK_NODE_PARAGRAPH: return .paragraph
    case CMARK_NODE_HEADING: return .heading(level: Int(cmark_node_get_heading_level(node)))
    case CMARK_NODE_CODE_BLOCK:
      return .codeBlock(
        literal: literal(of: node),
        info: cmark_node_get_fence_info(node).map { String(cString: $0) } ?? "")
    case CMARK_NODE_HTML_BLOCK: return .htmlBlock
    case CMARK_NODE_THEMATIC_BREAK: return .thematicBreak
    case CMARK_NODE_FOOTNOTE_DEFINITION: return .footnoteDefinition
    case CMARK_NODE_TEXT: return .text(literal(of: node))
    case CMARK_NODE_CODE: return .code(literal(of: node))
    case CMARK_NODE_SOFTBREAK: return .softBreak
    case CMARK_NODE_LINEBREAK: return .lineBreak
    case CMARK_NODE_HTML_INLINE: return .htmlInline(literal(of: node))
    case CMARK_NODE_EMPH: return .emphasis
    case CMARK_NODE_STRONG: return .strong
    case CMARK_NODE_LINK:
      return .link(destination: cmark_node_get_url(node).map { String(cString: $0) })
    case CMARK_NODE_IMAGE: return .image
    case CMARK_NODE_FOOTNOTE_REFERENCE: return .footnoteReference(literal(of: node))
    default: return extensionKind(of: node)
    }
  }

  /// The kinds the GitHub extensions add.
  private static func extensionKind(of node: OpaquePointer) -> MarkdownNode.Kind {
    switch name(of: node) {
    case "table": return .table
    case "table_header": return .tableRow(header: true)
    case "table_row":
      return .tableRow(header: cmark_gfm_extensions_get_table_row_is_header(node) != 0)
    case "table_cell": return .tableCell
    case "strikethrough": return .strikethrough
    default: return .other
    }
  }

  private static func name(of node: OpaquePointer) -> String {
    cmark_node_get_type_string(node).map { String(cString: $0) } ?? ""
  }

  private static func literal(of node: OpaquePointer) -> String {
    cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
  }

  private static func feed(_ parser: OpaquePointer, _ slice: ArraySlice<UInt8>) {
    slice.withUnsafeBufferPointer { buffer in
      guard let start = buffer.baseAddress, !buffer.isEmpty else { return }
      start.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
        cmark_parser_feed(parser, $0, buffer.count)
      }
    }
  }
}
