import Found
import Links
import Outline
import ReadingTime

/// What the server shows of one document's outline (one version of it):
/// its headings in the protocol's positions, each with its section and
/// reading time. Enough for the symbols, which after an edit come from
/// the document's `LiveOutline` (only the pieces the edit touched parsed
/// again), without its links.
public struct OutlineFacts: Sendable {
  /// The file's path; every path the server handles is absolute.
  public var path: String
  public var format: DocumentFormat
  public var headings: [HeadingFact]
  /// The outline itself.
  public var document: Document
  /// Its reference definitions (`[label]: destination`), in document
  /// order, when they were gathered (`OutlineOptions.findsDefinitions`,
  /// or with the links); empty for HTML.
  public var definitions: [DefinitionFact] = []

  /// The facts of `document`, outlined from `text`.
  public init(
    path: String, document: Document, text: TextLines, definitions: [FoundLink] = []
  ) {
    self.path = path
    self.definitions = DefinitionFact.all(definitions, text: text)
    self.format = document.format
    self.document = document
    let sections = document.sections
    // One pass with a stack of the sections still open (levels rising):
    // a section closes at the next one at its level or above, and hands
    // its time, sub-sections included, to its parent.
    var end = [Int](repeating: sections.count, count: sections.count)
    var parent = [Int?](repeating: nil, count: sections.count)
    var seconds = sections.map(\.seconds)
    var anything = sections.map { !$0.reading.isEmpty }
    var open: [Int] = []
    func close() {
      let closed = open.removeLast()
      if let above = open.last {
        seconds[above] += seconds[closed]
        anything[above] = anything[above] || anything[closed]
      }
    }
    for (index, section) in sections.enumerated() {
      while let last = open.last, sections[last].level >= section.level {
        end[last] = index
        close()
      }
      parent[index] = open.last
      open.append(index)
    }
    while !open.isEmpty { close() }
    var headings: [HeadingFact] = []
    headings.reserveCapacity(sections.count)
    // Sections share a few reading times: each is worded once.
    let wording = TimeWording()
    var worded: [Int: String?] = [:]
    func time(_ seconds: Int, _ anything: Bool) -> String? {
      let minutes = Int((Double(seconds) / 60).rounded())
      let key = anything ? minutes : -1 - minutes
      if let known = worded[key] { return known }
      let text = wording.time(minutes: minutes, anything: anything)
      worded[key] = text
      return text
    }
    for (index, section) in sections.enumerated() {
      let line = section.line - 1
      let headingRange = TextRange(
        start: TextPosition(line: line, character: 0),
        end: text.position(of: text.end(ofLine: line)))
      let endOffset = end[index] < sections.count ? sections[end[index]].offset : text.bytes.count
      headings.append(
        HeadingFact(
          level: section.level, title: section.title, id: section.id, offset: section.offset,
          headingRange: headingRange,
          sectionRange: TextRange(start: headingRange.start, end: text.position(of: endOffset)),
          parent: parent[index],
          detail: time(seconds[index], anything[index])))
    }
    self.headings = headings
  }

  /// The options the server outlines with: every heading level, and
  /// the links or the reference definitions alone when asked.
  public static func options(_ options: OutlineOptions, links: Bool, definitions: Bool = false)
    -> OutlineOptions
  {
    var options = options
    options.levels = 1...6
    options.findsLinks = links
    options.findsDefinitions = definitions
    return options
  }
}

/// What the server knows of one document (one version of it): its outline
/// (`OutlineFacts`), its links in the protocol's positions (reference
/// definitions and their uses included), and its anchors for resolving
/// links to it. Built from one outline of the whole, every heading level,
/// links included.
public struct DocumentFacts: Sendable {
  public var outline: OutlineFacts
  /// The links the outline found, in document order: definitions and the
  /// uses of them included.
  public var links: [LinkFact]
  public var anchors: DocumentAnchors
  /// The links, anchors and blocks as the outline found them, by byte
  /// (`links` has the links in the protocol's positions).
  public var found: DocumentLinks
  /// The headings and anchors by id, once a fragment is looked up.
  let fragments = FragmentIndex()

  public var path: String { outline.path }
  public var format: DocumentFormat { outline.format }
  public var headings: [HeadingFact] { outline.headings }
  /// The outline itself, for the link checker.
  public var document: Document { outline.document }

  /// The facts of `document`, outlined from `text` (at `path`, with
  /// `options`) with its links.
  public init(path: String, outlined: Outlined, text: TextLines, options: OutlineOptions) {
    found = outlined.links ?? DocumentLinks()
    outline = OutlineFacts(
      path: path, document: outlined.document, text: text,
      definitions: found.links.filter { $0.kind == .definition })
    self.anchors = DocumentAnchors(outlined.document, links: found)
    links = LinkFact.positioned(found.links, text: text)
  }

  /// Outlines `bytes` of the document at `path` for the server: every
  /// heading level, links gathered.
  public static func outline(_ text: TextLines, path: String, options: OutlineOptions)
    -> DocumentFacts?
  {
    let outlining = OutlineFacts.options(options, links: true)
    guard let outlined = try? Outliner.outlined(text.bytes, path: path, options: outlining) else {
      return nil
    }
    return DocumentFacts(path: path, outlined: outlined, text: text, options: options)
  }

  /// The heading `fragment` names, as `DocumentAnchors` reads fragments:
  /// as written, without GitHub's `user-content-`, then (in Markdown) in
  /// any case.
  public func heading(named fragment: String) -> Int? {
    target(named: fragment).heading
  }

  /// What `fragment` names, as `DocumentAnchors` (and so `isle check`)
  /// reads fragments: a heading's id or an HTML anchor (`<a id>`, `<a
  /// name>`, any element's `id`) as written, then without GitHub's
  /// `user-content-`, then (in Markdown) in any case; at each step a
  /// heading before an anchor.
  public func target(named fragment: String) -> (heading: Int?, anchor: Int?) {
    let unprefixed =
      fragment.hasPrefix("user-content-")
      ? String(fragment.dropFirst("user-content-".count)) : fragment
    let table = fragments.table { (headings.map(\.id), found.anchors.map(\.id)) }
    for candidate in [fragment, unprefixed] {
      if let found = table.headings[candidate] { return (found, nil) }
      if let found = table.anchors[candidate] { return (nil, found) }
    }
    guard format == .markdown else { return (nil, nil) }
    let folded = unprefixed.lowercased()
    if let found = table.foldedHeadings[folded] { return (found, nil) }
    return (nil, table.foldedAnchors[folded])
  }

  /// The start tag of anchor `index`, as written: from its `<` to its `>`
  /// (or the end of its line).
  public func anchorRange(_ index: Int, text: TextLines) -> TextRange {
    let start = min(found.anchors[index].offset, text.bytes.count)
    let lineEnd = text.end(ofLine: text.position(of: start).line)
    var end = start
    while end < lineEnd && text.bytes[end] != 0x3E { end += 1 }
    return text.range(of: start..<min(end + 1, max(lineEnd, start)))
  }

  /// The heading whose line holds `position`.
  public func heading(at position: TextPosition) -> Int? {
    headings.firstIndex { $0.headingRange.start.line == position.line }
  }

  /// The link that names its destination at `position`: on its
  /// destination as written, or a reference-style link's label (or its
  /// first character when neither is found); not on its text.
  public func link(at position: TextPosition) -> LinkFact? {
    links.first { $0.range.contains(position) }
  }

  /// The link written over `position`, its text included.
  public func link(spanning position: TextPosition) -> LinkFact? {
    links.first { $0.span.contains(position) }
  }
}
