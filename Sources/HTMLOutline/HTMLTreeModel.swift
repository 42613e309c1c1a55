import CGumbo

/// The fast path's model of HTML tree building: the stack of open elements
/// that gumbo would keep, for the pages most published pages are, fed by
/// `HTMLTokenizer` and telling an `HTMLOutlineBuilder` each element entered
/// and left and each text node, in the order a visit of gumbo's tree would.
///
/// What it models: the head, the body's ordinary and block elements,
/// implied ends (`<p>`, `<li>`, `<dd>`, headings), formatting elements
/// closed in order, tables whose only text is white space outside cells,
/// raw text. Whatever would make gumbo move or rebuild nodes (a
/// formatting element closed out of order, text fostered out of a table,
/// foreign content, templates, forms, quirks mode) throws `UnmodelledError`,
/// and the page is parsed whole instead.
struct HTMLTreeModel {
  /// What the model keeps of each open element.
  struct Open {
    var node: Int
    var tag: UInt32
    /// A hash of the name, for tags gumbo does not know.
    var name: UInt64
    var hidden: Bool
    /// The first child that is not white space: not yet seen, an `<a>`
    /// (with its `id` or `name`), or something else.
    var firstChild: FirstChild = .none
  }

  enum FirstChild {
    case none
    case anchor(String?)
    case other
  }

  enum Mode {
    case initial, beforeHTML, beforeHead, inHead, afterHead, inBody, afterBody
  }

  var tokenizer: HTMLTokenizer
  var builder: HTMLOutlineBuilder
  /// With `--within auto`: a `<main>` or `<article>` needs gumbo's tree.
  let findsScope: Bool
  var mode = Mode.initial
  var stack: [Open] = []
  private var serial = 0
  private let decoder = HTMLReferenceDecoder()
  /// Text not yet handed over: one text node of gumbo's, built up.
  private var pending: (start: Int, range: Range<Int>?, bytes: [UInt8], whitespace: Bool)? = nil
  private var scratch: [UInt8] = []

  init(bytes: UnsafeBufferPointer<UInt8>, builder: HTMLOutlineBuilder, findsScope: Bool) {
    tokenizer = HTMLTokenizer(bytes)
    self.builder = builder
    self.findsScope = findsScope
    stack.reserveCapacity(64)
  }

  /// Reads the whole page.
  mutating func run() throws(UnmodelledError) {
    while true {
      let token = try tokenizer.next()
      if case .end_of_file = token {
        try endOfFile()
        return
      }
      try process(token)
    }
  }

  var current: Open { stack[stack.count - 1] }

  // MARK: The tree

  mutating func insert(
    tag: UInt32, name: UInt64 = 0, offset: Int, attributes: FastAttributes? = nil
  ) {
    flushText()
    serial += 1
    let attributes = attributes ?? FastAttributes.none(tokenizer.bytes, decoder)
    if !stack.isEmpty {
      switch stack[stack.count - 1].firstChild {
      case .none:
        stack[stack.count - 1].firstChild =
          tag == GUMBO_TAG_A.rawValue
          ? .anchor(
            attributes.value("id").flatMap { $0.isEmpty ? nil : $0 }
              ?? attributes.value("name").flatMap { $0.isEmpty ? nil : $0 }) : .other
      default: break
      }
    }
    stack.append(Open(node: serial, tag: tag, name: name, hidden: attributes.has("hidden")))
    builder.enter(serial, tag: tag, isHTML: true, offset: offset, attributes: attributes)
  }

  /// Pops the current node. A formatting element popped other than by its
  /// own end tag would be rebuilt by gumbo later: not modelled, unless
  /// `clearsFormatting` (a table cell or caption ending).
  mutating func pop(clearsFormatting: Bool = false) throws(UnmodelledError) {
    flushText()
    let open = stack.removeLast()
    if !clearsFormatting && HTMLTagSet.formatting.contains(open.tag) { throw UnmodelledError() }
    builder.leave(
      open.node, tag: open.tag, isHTML: true, attributes: Hidden(hidden: open.hidden),
      anchorID: {
        if case .anchor(let id) = open.firstChild { return id }
        return nil
      })
  }

  mutating func comment() {
    flushText()
    if case .none = stack[stack.count - 1].firstChild { stack[stack.count - 1].firstChild = .other }
  }

  /// Text `range` of the page for the current node; `decoded` for text
  /// whose references count (not raw text).
  mutating func addText(_ range: Range<Int>, decoded: Bool = true) {
    guard !range.isEmpty else { return }
    let bytes = tokenizer.bytes
    var plain = true
    if let found = memchr(bytes.baseAddress! + range.lowerBound, 0x0D, range.count) {
      _ = found
      plain = false
    } else if decoded, memchr(bytes.baseAddress! + range.lowerBound, 0x26, range.count) != nil {
      plain = false
    }
    let slice = UnsafeBufferPointer(rebasing: bytes[range])
    var whitespace = true
    if plain {
      for byte in slice where !HTMLTokenizer.isSpace(byte) {
        whitespace = false
        break
      }
    }
    // gumbo reads CR LF as its LF, and places the text there.
    var start = range.lowerBound
    if bytes[start] == 0x0D, start + 1 < bytes.count, bytes[start + 1] == 0x0A { start += 1 }
    if pending == nil && plain {
      pending = (start, range, [], whitespace)
      return
    }
    var text = pending?.bytes ?? []
    if let earlier = pending?.range { text += UnsafeBufferPointer(rebasing: bytes[earlier]) }
    if plain {
      text += slice
    } else {
      let before = text.count
      if decoded {
        decoder.decodeText(slice, into: &text)
      } else {
        // Raw text: only CRs change.
        var index = 0
        while index < slice.count {
          if slice[index] == 0x0D {
            text.append(0x0A)
            index += index + 1 < slice.count && slice[index + 1] == 0x0A ? 2 : 1
          } else {
            text.append(slice[index])
            index += 1
          }
        }
      }
      for byte in text[before...] where !HTMLTokenizer.isSpace(byte) {
        whitespace = false
        break
      }
    }
    pending = (pending?.start ?? start, nil, text, (pending?.whitespace ?? true) && whitespace)
  }

  /// Hands the text built up to the builder, as gumbo's text node.
  mutating func flushText() {
    guard let text = pending else { return }
    pending = nil
    if !text.whitespace, case .none = stack[stack.count - 1].firstChild {
      stack[stack.count - 1].firstChild = .other
    }
    if let range = text.range {
      builder.text(UnsafeBufferPointer(rebasing: tokenizer.bytes[range]), offset: text.start)
    } else {
      text.bytes.withUnsafeBufferPointer { builder.text($0, offset: text.start) }
    }
  }

  // MARK: Scope

  func inScope(_ tag: UInt32, boundary: HTMLTagSet = .scopeBoundary) -> Bool {
    for open in stack.reversed() {
      if open.tag == tag { return true }
      if boundary.contains(open.tag) { return false }
    }
    return false
  }

  func headingInScope() -> Bool {
    for open in stack.reversed() {
      if HTMLTagSet.headings.contains(open.tag) { return true }
      if HTMLTagSet.scopeBoundary.contains(open.tag) { return false }
    }
    return false
  }

  /// Pops elements whose end is implied, but not `except`.
  mutating func generateImpliedEnds(except: UInt32? = nil) throws(UnmodelledError) {
    while HTMLTagSet.impliedEnd.contains(current.tag) && current.tag != except { try pop() }
  }

  /// Implied ends, then pops up to and including the nearest `tag`.
  mutating func close(_ tag: UInt32, clearsFormatting: Bool = false) throws(UnmodelledError) {
    try generateImpliedEnds(except: tag)
    while true {
      let popped = current.tag
      try pop(clearsFormatting: clearsFormatting)
      if popped == tag { return }
    }
  }

  mutating func closeParagraph() throws(UnmodelledError) {
    if inScope(GUMBO_TAG_P.rawValue, boundary: .buttonScopeBoundary) {
      try close(GUMBO_TAG_P.rawValue)
    }
  }

  // MARK: Tokens

  mutating func process(_ token: HTMLTokenizer.Token) throws(UnmodelledError) {
    switch mode {
    case .inBody: try inBody(token)
    case .afterBody:
      switch token {
      case .text(let range) where isWhitespace(range): try inBody(token)
      case .comment: flushText()
      case .doctype: break
      default:
        mode = .inBody
        try inBody(token)
      }
    default: try prologue(token)
    }
  }

  func isWhitespace(_ range: Range<Int>) -> Bool {
    for index in range where !HTMLTokenizer.isSpace(tokenizer.bytes[index]) { return false }
    return true
  }

  /// The body: its rules, or a table's where one is open.
  mutating func inBody(_ token: HTMLTokenizer.Token) throws(UnmodelledError) {
    if let table = stack.last(where: { HTMLTagSet.tableStructure.contains($0.tag) }) {
      if try inTable(token, context: table.tag) { return }
    }
    try bodyRules(token)
  }

  /// The text of raw text or RCDATA element `tag`, then its end.
  mutating func rawText(_ name: String, decoded: Bool) throws(UnmodelledError) {
    let range = try tokenizer.rawText(until: Array(name.utf8))
    // A script holding `<!--` is read by the escaped states: not modelled.
    if name == "script" {
      let bytes = tokenizer.bytes
      var index = range.lowerBound
      while index + 3 < range.upperBound {
        if bytes[index] == 0x3C && bytes[index + 1] == 0x21 && bytes[index + 2] == 0x2D
          && bytes[index + 3] == 0x2D
        {
          throw UnmodelledError()
        }
        index += 1
      }
    }
    addText(range, decoded: decoded)
    // The end tag itself.
    guard case .end = try tokenizer.next() else { throw UnmodelledError() }
    try pop()
  }

  mutating func endOfFile() throws(UnmodelledError) {
    switch mode {
    case .initial: throw UnmodelledError()
    case .beforeHTML, .beforeHead, .inHead, .afterHead:
      try prologue(.end_of_file)
      try endOfFile()
      return
    default: break
    }
    while !stack.isEmpty { try pop(clearsFormatting: true) }
  }

  func attributes() -> FastAttributes {
    FastAttributes(tokenizer.bytes, tokenizer.attributes, decoder)
  }
}

/// An element whose attributes are gone but whether it was hidden.
struct Hidden: HTMLAttributeSource {
  let hidden: Bool
  func value(_ name: String) -> String? { nil }
  func has(_ name: String) -> Bool { name == "hidden" && hidden }
}

#if canImport(Glibc)
  import Glibc
#endif
