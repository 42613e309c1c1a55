import Outline

/// Gathers the runs of one leaf block (a paragraph, a heading, a table
/// cell) from the outline's inline nodes (`MarkdownNode`): emphasis, strong, strikethrough and
/// code as styles, links with their destination, images as
/// `[image: alt]`, soft breaks as spaces and hard breaks as line breaks.
///
/// cmark gives inline nodes no reliable source positions, so each text is
/// looked for in the source after the last one found: what stands there as
/// written (most text) knows its bytes; what does not (an entity) takes
/// its neighbours'.
struct InlineCollector {
  var bytes: [UInt8] = []
  var base = 0
  /// Where to look next in the stretch.
  var cursor = 0
  /// Where the block ends in the stretch.
  var limit = 0
  private(set) var runs: [Run] = []
  private var styles: [Style] = []
  private var links: [String?] = []
  /// The alt text of the image being read, if one is.
  private var alt: String? = nil
  private var altOffset: Int? = nil

  init() {}

  init(bytes: [UInt8], base: Int, cursor: Int, limit: Int) {
    self.bytes = bytes
    self.base = base
    self.cursor = cursor
    self.limit = limit
  }

  mutating func push(_ style: Style) { styles.append(style) }

  private var style: Style { styles.reduce([]) { $0.union($1) } }
  private var link: String? { links.last { $0 != nil } ?? nil }

  mutating func visit(_ node: MarkdownNode, entering: Bool) {
    switch node.kind {
    case .text(let literal): text(literal)
    case .code(let literal): text(literal, extra: .code)
    case .softBreak: add(Run(" ", style: style, link: link))
    case .lineBreak: add(Run("\n", style: style, link: link))
    case .htmlInline(let literal):
      if literal.lowercased().hasPrefix("<br") { add(Run("\n", style: style)) }
    case .emphasis: entering ? styles.append(.italic) : pop()
    case .strong: entering ? styles.append(.bold) : pop()
    case .strikethrough: entering ? styles.append(.strike) : pop()
    case .link(let destination):
      if entering {
        links.append(destination)
        styles.append(.underline)
      } else {
        links.removeLast()
        pop()
      }
    case .image:
      if entering {
        alt = ""
        altOffset = nil
      } else {
        let text = alt ?? ""
        alt = nil
        add(Run("[image: \(text)]", style: style.union(.faint), link: link, offset: altOffset))
      }
    case .footnoteReference(let literal):
      guard entering else { break }
      add(Run("[^\(literal)]", style: style.union(.faint), link: link))
    default: break
    }
  }

  private mutating func pop() { if !styles.isEmpty { styles.removeLast() } }

  private mutating func text(_ text: String, extra: Style = []) {
    let offset = find(text)
    if alt != nil {
      alt! += text
      if altOffset == nil { altOffset = offset }
      return
    }
    add(Run(text, style: style.union(extra), link: link, offset: offset))
  }

  private mutating func add(_ run: Run) {
    if alt != nil { return }
    runs.append(run)
  }

  /// The document offset of `text` as written after the cursor, if it
  /// stands there; the cursor moves past it.
  private mutating func find(_ text: String) -> Int? {
    let wanted = Array(text.utf8.prefix(12))
    guard let head = wanted.first, cursor < limit else { return nil }
    var at = cursor
    while at + wanted.count <= limit {
      if bytes[at] == head && bytes[at..<at + wanted.count].elementsEqual(wanted) {
        cursor = at + min(text.utf8.count, limit - at)
        return base + at
      }
      at += 1
    }
    return nil
  }
}
