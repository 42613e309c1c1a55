import CCmarkGFM
import Parallel

#if canImport(Glibc)
  import Glibc
#endif

/// The one file that talks to cmark-gfm: a parser made with its
/// extensions, fed, finished, its tree visited one event at a time and
/// freed before `parse` returns. Beside it only `ParseArena.swift` (the
/// memory a parse may use) and `SpecialCharacters.swift` (the extensions'
/// table of special characters, kept set) touch the library.
///
/// What a visit meets is a `Node`: a node of the tree being visited, read
/// through Swift properties, valid only until the visit ends. Whoever
/// keeps anything of it keeps Swift values (`MarkdownDocument`, the
/// outline's findings); no cmark pointer leaves this file.
enum Cmark {
  /// The extensions a parser attaches.
  enum Extensions {
    /// A document: GitHub's tables, strikethrough, autolinks, tag filter
    /// and task lists, and footnotes.
    case document
    /// A heading's content alone, as a link's text: strikethrough and
    /// autolinks, no footnotes.
    case headingText

    var names: [String] {
      switch self {
      case .document: ["table", "strikethrough", "autolink", "tagfilter", "tasklist"]
      case .headingText: ["strikethrough", "autolink"]
      }
    }

    var options: Int32 {
      switch self {
      case .document: CMARK_OPT_VALIDATE_UTF8 | CMARK_OPT_FOOTNOTES
      case .headingText: CMARK_OPT_VALIDATE_UTF8
      }
    }
  }

  /// Where a parse's memory comes from: the thread's arena, dropped whole
  /// when the parse returns (`ParseArena`), or cmark's own allocator,
  /// freed node by node (a large stretch: an arena never reuses what
  /// cmark frees).
  enum Memory { case arena, heap }

  /// Registers the core extensions once, whatever thread asks first.
  private static let registered: Void = cmark_gfm_core_extensions_ensure_registered()

  /// What a parser is fed, a stretch at a time, before it finishes.
  struct Feeder {
    fileprivate let parser: OpaquePointer

    func callAsFunction(_ bytes: UnsafeBufferPointer<UInt8>) {
      guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
      base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
        cmark_parser_feed(parser, $0, bytes.count)
      }
    }

    func callAsFunction(_ bytes: [UInt8]) {
      bytes.withUnsafeBufferPointer { self($0) }
    }
  }

  /// The one parse: a parser with `extensions`, given what `feed` feeds
  /// it, its tree visited by `visit` and freed before this returns. Nil
  /// when cmark had no memory.
  static func parse<Result>(
    extensions: Extensions = .document, memory: Memory = .heap, feed: (Feeder) -> Void,
    visit: (Events) throws(OutlineError) -> Result
  ) throws(OutlineError) -> Result? {
    _ = registered
    guard memory == .arena else {
      return try parse(
        extensions: extensions, allocator: cmark_get_default_mem_allocator(), freesTree: true,
        feed: feed, visit: visit)
    }
    // Parser, tree and iterator live in the thread's arena and go with it.
    return try ParseArena.with { (allocator) throws(OutlineError) -> Result? in
      try parse(
        extensions: extensions, allocator: allocator, freesTree: false, feed: feed, visit: visit)
    }
  }

  private static func parse<Result>(
    extensions: Extensions, allocator: UnsafeMutablePointer<cmark_mem>, freesTree: Bool,
    feed: (Feeder) -> Void, visit: (Events) throws(OutlineError) -> Result
  ) throws(OutlineError) -> Result? {
    guard let parser = cmark_parser_new_with_mem(extensions.options, allocator) else { return nil }
    defer { if freesTree { cmark_parser_free(parser) } }
    for name in extensions.names {
      if let syntax = cmark_find_syntax_extension(name) {
        cmark_parser_attach_syntax_extension(parser, syntax)
      }
    }
    feed(Feeder(parser: parser))
    guard let root = finish(parser) else { return nil }
    defer { if freesTree { cmark_node_free(root) } }
    guard let events = Events(root) else { return nil }
    return try visit(events)
  }

  /// One inline phase at a time, until `SpecialCharacters` is known to
  /// keep cmark-gfm's global table of special characters set; after that,
  /// parsers finish side by side.
  private static let inlinePhase = Lock(())

  private static func finish(_ parser: OpaquePointer) -> OpaquePointer? {
    if SpecialCharacters.isKeptSet { return cmark_parser_finish(parser) }
    // The tree is returned as an address: Swift cannot see that it belongs
    // to this thread alone once the lock is let go.
    let address = inlinePhase.withLock { _ in UInt(bitPattern: cmark_parser_finish(parser)) }
    return OpaquePointer(bitPattern: address)
  }

  /// A visit of cmark's tree from its root, one event at a time: each node
  /// on the way in and, for a node that holds others, on the way out, in
  /// the order cmark's iterator gives them. The one loop over cmark's
  /// events. The iterator is freed with it (in an arena it goes with the
  /// rest; freeing it there is harmless).
  final class Events {
    private let iterator: OpaquePointer
    /// The document node.
    let root: Node

    fileprivate init?(_ root: OpaquePointer) {
      guard let iterator = cmark_iter_new(root) else { return nil }
      self.iterator = iterator
      self.root = Node(pointer: root)
    }

    deinit { cmark_iter_free(iterator) }

    /// The next node and whether it is entered; nil when the visit is done.
    @inline(__always)
    func next() -> (node: Node, entering: Bool)? {
      while true {
        let event = cmark_iter_next(iterator)
        if event == CMARK_EVENT_DONE { return nil }
        guard let node = cmark_iter_get_node(iterator) else { continue }
        return (Node(pointer: node), event == CMARK_EVENT_ENTER)
      }
    }

    /// Passes over what `node` holds: the next event is on its way out.
    func skip(_ node: Node) { cmark_iter_reset(iterator, node.pointer, CMARK_EVENT_EXIT) }
  }

  /// What a node is, as Swift names it.
  enum NodeType: Equatable {
    case document, blockQuote, list, item, codeBlock, htmlBlock, customBlock, paragraph, heading
    case thematicBreak, footnoteDefinition
    case text, softBreak, lineBreak, code, htmlInline, customInline, emphasis, strong, link, image
    case footnoteReference
    /// A block or an inline node an extension registered (a table, its
    /// rows and cells, strikethrough): `Node.extensionName` says which.
    case extensionBlock, extensionInline

    var isBlock: Bool {
      switch self {
      case .document, .blockQuote, .list, .item, .codeBlock, .htmlBlock, .customBlock, .paragraph,
        .heading, .thematicBreak, .footnoteDefinition, .extensionBlock:
        true
      default: false
      }
    }

    /// The type of a cmark node type: a switch over the header's
    /// constants, which the compiler sees, so no table is read for each
    /// node.
    @inline(__always)
    fileprivate init(_ type: cmark_node_type) {
      switch type {
      case CMARK_NODE_TEXT: self = .text
      case CMARK_NODE_SOFTBREAK: self = .softBreak
      case CMARK_NODE_PARAGRAPH: self = .paragraph
      case CMARK_NODE_CODE: self = .code
      case CMARK_NODE_EMPH: self = .emphasis
      case CMARK_NODE_STRONG: self = .strong
      case CMARK_NODE_LINK: self = .link
      case CMARK_NODE_HEADING: self = .heading
      case CMARK_NODE_ITEM: self = .item
      case CMARK_NODE_LIST: self = .list
      case CMARK_NODE_CODE_BLOCK: self = .codeBlock
      case CMARK_NODE_HTML_BLOCK: self = .htmlBlock
      case CMARK_NODE_HTML_INLINE: self = .htmlInline
      case CMARK_NODE_LINEBREAK: self = .lineBreak
      case CMARK_NODE_IMAGE: self = .image
      case CMARK_NODE_BLOCK_QUOTE: self = .blockQuote
      case CMARK_NODE_THEMATIC_BREAK: self = .thematicBreak
      case CMARK_NODE_DOCUMENT: self = .document
      case CMARK_NODE_FOOTNOTE_REFERENCE: self = .footnoteReference
      case CMARK_NODE_FOOTNOTE_DEFINITION: self = .footnoteDefinition
      case CMARK_NODE_CUSTOM_BLOCK: self = .customBlock
      case CMARK_NODE_CUSTOM_INLINE: self = .customInline
      default:
        // The extensions' types are numbered after the core ones, under
        // the same mask.
        let isBlock =
          type.rawValue & UInt32(CMARK_NODE_TYPE_MASK) == UInt32(CMARK_NODE_TYPE_BLOCK)
        self = isBlock ? .extensionBlock : .extensionInline
      }
    }
  }

  /// A node of the tree being visited, read through Swift properties;
  /// valid only during the visit that met it.
  struct Node: Equatable {
    fileprivate let pointer: OpaquePointer

    var type: NodeType { NodeType(cmark_node_get_type(pointer)) }

    /// The node that holds it; nil for the document.
    var parent: Node? { cmark_node_parent(pointer).map(Node.init(pointer:)) }

    /// Its first and last lines and columns as cmark counts them (from 1,
    /// in the bytes cmark was fed; an end column of 0 names the start of
    /// the line after).
    var startLine: Int32 { cmark_node_get_start_line(pointer) }
    var startColumn: Int32 { cmark_node_get_start_column(pointer) }
    var endLine: Int32 { cmark_node_get_end_line(pointer) }
    var endColumn: Int32 { cmark_node_get_end_column(pointer) }

    /// Calls `body` with the node's literal text as bytes (a text, code,
    /// code block, HTML or footnote reference node's).
    @inline(__always)
    func withLiteral(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
      guard let literal = cmark_node_get_literal(pointer) else { return }
      let length = strlen(literal)
      literal.withMemoryRebound(to: UInt8.self, capacity: length) {
        body(UnsafeBufferPointer(start: $0, count: length))
      }
    }

    /// The literal text as a string ("" for none).
    var literal: String { cmark_node_get_literal(pointer).map { String(cString: $0) } ?? "" }

    /// A link's or an image's destination.
    var url: String? { cmark_node_get_url(pointer).map { String(cString: $0) } }

    /// The number after `prefix` in a link's destination, when it starts
    /// with it (read from cmark's own string, no copy of the rest).
    func urlNumber(after prefix: StaticString) -> Int? {
      guard let url = cmark_node_get_url(pointer) else { return nil }
      let matches = prefix.withUTF8Buffer { wanted in
        wanted.withMemoryRebound(to: CChar.self) { strncmp(url, $0.baseAddress!, wanted.count) == 0 }
      }
      guard matches else { return nil }
      return Int(String(cString: url + prefix.utf8CodeUnitCount))
    }

    var headingLevel: Int { Int(cmark_node_get_heading_level(pointer)) }

    /// A fenced code block's fence: its length, indent and character; nil
    /// for an indented one.
    var fence: (length: Int, offset: Int, character: UInt8)? {
      var length: Int32 = 0
      var offset: Int32 = 0
      var character: CChar = 0
      guard cmark_node_get_fenced(pointer, &length, &offset, &character) != 0 else { return nil }
      return (Int(length), Int(offset), UInt8(bitPattern: character))
    }

    /// A code block's info string.
    var fenceInfo: String { cmark_node_get_fence_info(pointer).map { String(cString: $0) } ?? "" }

    /// The first number of an ordered list; nil for a bullet list.
    var listStart: Int? {
      cmark_node_get_list_type(pointer) == CMARK_ORDERED_LIST
        ? Int(cmark_node_get_list_start(pointer)) : nil
    }

    var listIsTight: Bool { cmark_node_get_list_tight(pointer) != 0 }

    /// The name of the extension or type that made the node (`table_cell`,
    /// `strikethrough`, `tasklist` for a task's item).
    var extensionName: String {
      cmark_node_get_type_string(pointer).map { String(cString: $0) } ?? ""
    }

    /// True for a table cell, without making a string of its name.
    var isTableCell: Bool { strcmp(cmark_node_get_type_string(pointer), "table_cell") == 0 }

    /// A task item's box: checked or not; nil for an item that is no task.
    var taskChecked: Bool? {
      extensionName == "tasklist" ? cmark_gfm_extensions_get_tasklist_item_checked(pointer) : nil
    }

    /// Whether a table row is the header's.
    var isHeaderRow: Bool { cmark_gfm_extensions_get_table_row_is_header(pointer) != 0 }
  }
}
