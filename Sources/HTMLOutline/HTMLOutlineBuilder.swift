import CGumbo
import Found
import ReadingTime
import Slugs

/// What an HTML page's headings and reading are, built from its tree in
/// tree order: each element entered and left, each text node between.
///
/// Two readers feed it the same events: the visit of gumbo's whole tree
/// (`HTMLParser`) and the fast path's model of tree building over the
/// tokens (`HTMLFastPath`). Headings are what a browser's
/// `querySelectorAll("h1,h2,h3,h4,h5,h6")` returns, but not inside
/// `<template>` contents or `<noscript>`. Reading is the visible text: not
/// `<head>`, `<script>`, `<style>`, `<template>`, `<noscript>` or anything
/// under a `hidden` attribute. Nodes are named by a number unique in the
/// page.
struct HTMLOutlineBuilder {
  let mapOffset: (Int) -> Int
  private(set) var result = HTMLFindings()
  /// The element outlined, nil for the whole page.
  var scope: Int? = nil
  /// True while inside it (always, for the whole page).
  var inScope = true
  /// Whether links and anchors are gathered.
  var findsLinks = false
  private var counter = WordCounter()
  private var readingOffset: Int? = nil
  private var hiddenDepth = 0
  /// The element whose content is being skipped (`<script>`, `<noscript>`…).
  private var skipping: Int? = nil
  /// Headings still open, innermost last: a heading may hold another
  /// (`<h1><div><h2>`), and its text content then holds the inner one's.
  private var open: [(index: Int, node: Int, title: HeadingTextBuilder, enclosingID: String?)] =
    []
  private var enclosingIDs = EnclosingIDs()
  private var marks = PermalinkMarks()
  private var titleElement: [UInt8]? = nil

  init(mapOffset: @escaping (Int) -> Int) {
    self.mapOffset = mapOffset
  }

  /// Elements that run inside a line of text, so words go on across them.
  static let inlineTags: Set<UInt32> = Set(
    [
      GUMBO_TAG_A, GUMBO_TAG_ABBR, GUMBO_TAG_B, GUMBO_TAG_BDI, GUMBO_TAG_BDO, GUMBO_TAG_CITE,
      GUMBO_TAG_CODE, GUMBO_TAG_DATA, GUMBO_TAG_DEL, GUMBO_TAG_DFN, GUMBO_TAG_EM, GUMBO_TAG_FONT,
      GUMBO_TAG_I, GUMBO_TAG_INS, GUMBO_TAG_KBD, GUMBO_TAG_LABEL, GUMBO_TAG_MARK, GUMBO_TAG_Q,
      GUMBO_TAG_S, GUMBO_TAG_SAMP, GUMBO_TAG_SMALL, GUMBO_TAG_SPAN, GUMBO_TAG_STRIKE,
      GUMBO_TAG_STRONG, GUMBO_TAG_SUB, GUMBO_TAG_SUP, GUMBO_TAG_TIME, GUMBO_TAG_TT, GUMBO_TAG_U,
      GUMBO_TAG_VAR, GUMBO_TAG_WBR, GUMBO_TAG_BIG, GUMBO_TAG_NOBR,
    ].map(\.rawValue))

  /// Elements whose content is never read or searched for headings.
  static let skippedTags: Set<UInt32> = Set(
    [GUMBO_TAG_SCRIPT, GUMBO_TAG_STYLE, GUMBO_TAG_NOSCRIPT, GUMBO_TAG_TEMPLATE].map(\.rawValue))

  private static func headingLevel(_ tag: UInt32) -> Int? {
    tag >= GUMBO_TAG_H1.rawValue && tag <= GUMBO_TAG_H6.rawValue
      ? Int(tag - GUMBO_TAG_H1.rawValue) + 1 : nil
  }

  /// Hands what was counted since the last flush to the result, as the
  /// title of heading `index` when it is one.
  private mutating func flush(heading index: Int? = nil) {
    let reading = counter.take()
    let offset = index.map { result.text.headings[$0].offset } ?? readingOffset
    if !reading.isEmpty, let offset {
      result.text.readings.append(ReadingStretch(offset: offset, reading: reading, heading: index))
    }
    readingOffset = nil
  }

  /// The page has ended: what is left is counted.
  mutating func finish() {
    flush()
  }

  /// Enters element `node` (tag `tag`, a `GumboTag`; `isHTML` for the HTML
  /// namespace) whose start tag is at `offset`. Every element entered is
  /// left, content skipped or not.
  mutating func enter<Attributes: HTMLAttributeSource>(
    _ node: Int, tag: UInt32, isHTML: Bool, offset: Int, attributes: Attributes
  ) {
    guard skipping == nil else { return }
    if node == scope { inScope = true }
    if findsLinks {
      Self.gather(tag: tag, isHTML: isHTML, attributes, at: mapOffset(offset), into: &result.text)
    }
    guard isHTML else { return }
    if Self.skippedTags.contains(tag) {
      skipping = node
      return
    }
    if tag == GUMBO_TAG_TITLE.rawValue, result.title == nil, titleElement == nil {
      titleElement = []
    }
    if tag == GUMBO_TAG_HEAD.rawValue || attributes.has("hidden") { hiddenDepth += 1 }
    if !Self.inlineTags.contains(tag) { counter.endWord() }
    if tag == GUMBO_TAG_IMG.rawValue {
      if hiddenDepth == 0 && inScope {
        counter.addImage()
        if readingOffset == nil { readingOffset = mapOffset(offset) }
      }
      if !open.isEmpty, var alt = attributes.value("alt") {
        alt.withUTF8 { bytes in
          for index in open.indices { open[index].title.add(bytes.span, inImage: true) }
        }
      }
    }
    let ownID = attributes.value("id").flatMap { $0.isEmpty ? nil : $0 }
    if inScope, let level = Self.headingLevel(tag) {
      flush(heading: open.last?.index)
      result.text.headings.append(
        FoundHeading(
          level: level, title: "", offset: mapOffset(offset), explicitID: ownID,
          omitted: attributes.asksToBeOmitted))
      open.append(
        (result.text.headings.count - 1, node, HeadingTextBuilder(), enclosingIDs.headingStarts())
      )
    }
    enclosingIDs.enter(node, id: ownID)
    if tag == GUMBO_TAG_A.rawValue, !open.isEmpty {
      marks.enter(
        node, href: attributes.value("href"),
        positions: open.map { ($0.index, $0.title.position) })
    }
  }

  /// Leaves element `node`, entered with the same tag and attributes;
  /// `anchorID` is the `id` or `name` of an `<a>` that is its first child
  /// element, asked for only when the element is a heading.
  mutating func leave<Attributes: HTMLAttributeSource>(
    _ node: Int, tag: UInt32, isHTML: Bool, attributes: Attributes, anchorID: () -> String?
  ) {
    if let skipped = skipping {
      if skipped == node { skipping = nil }
      return
    }
    defer { if node == scope { inScope = false } }
    guard isHTML else { return }
    if tag == GUMBO_TAG_HEAD.rawValue || attributes.has("hidden") { hiddenDepth -= 1 }
    if tag == GUMBO_TAG_TITLE.rawValue, let title = titleElement {
      result.title = PlainText.collapsed(title)
      titleElement = nil
    }
    if !Self.inlineTags.contains(tag) { counter.endWord() }
    if !open.isEmpty { marks.leave(node, positions: open.map { ($0.index, $0.title.position) }) }
    enclosingIDs.leave(node)
    if var innermost = open.last, innermost.node == node {
      open.removeLast()
      // The page's own anchor: the heading's id, else a first-child
      // anchor's, else an enclosing element's whose first heading it is.
      let id =
        result.text.headings[innermost.index].explicitID ?? anchorID() ?? innermost.enclosingID
      result.text.headings[innermost.index].explicitID = id
      marks.strip(heading: innermost.index, id: id, from: &innermost.title)
      let text = innermost.title.text
      result.text.headings[innermost.index].title = PlainText.collapsed(text.withAlt)
      result.text.headings[innermost.index].text = text
      flush(heading: innermost.index)
    }
  }

  /// A text node's `bytes` (UTF-8, references decoded), starting at `offset`.
  mutating func text(_ bytes: UnsafeBufferPointer<UInt8>, offset: Int) {
    guard skipping == nil else { return }
    if titleElement != nil { titleElement! += bytes }
    for index in open.indices { open[index].title.add(bytes.span, inImage: false) }
    if hiddenDepth == 0 && inScope {
      if readingOffset == nil { readingOffset = mapOffset(offset) }
      counter.feed(bytes.span)
    }
  }

  /// The element's `id` (an `<a>`'s `name` too) as an anchor, and its
  /// `href` (`<a>`) or `src` (`<img>`) as a link, placed at `offset`.
  static func gather<Attributes: HTMLAttributeSource>(
    tag: UInt32, isHTML: Bool, _ attributes: Attributes, at offset: Int,
    into findings: inout Findings
  ) {
    if let id = attributes.value("id"), !id.isEmpty {
      findings.anchors.append(FoundAnchor(id: id, offset: offset))
    }
    guard isHTML else { return }
    switch tag {
    case GUMBO_TAG_A.rawValue:
      if let name = attributes.value("name"), !name.isEmpty {
        findings.anchors.append(FoundAnchor(id: name, offset: offset))
      }
      if let href = attributes.value("href") {
        findings.links.append(FoundLink(destination: href, kind: .html, offset: offset))
      }
    case GUMBO_TAG_IMG.rawValue:
      if let source = attributes.value("src") {
        findings.links.append(FoundLink(destination: source, kind: .htmlImage, offset: offset))
      }
    default: break
    }
  }
}
