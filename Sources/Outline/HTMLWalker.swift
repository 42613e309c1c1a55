import CGumbo

/// The one place that talks to gumbo, the HTML5 parser.
///
/// Headings are what a browser's `querySelectorAll("h1,h2,h3,h4,h5,h6")`
/// returns: HTML `h1`–`h6` elements in tree order, wherever they stand, but
/// not inside `<template>` contents or `<noscript>` (which a browser with
/// scripting on reads as text). Reading is the visible text: not `<head>`,
/// `<script>`, `<style>`, `<template>`, `<noscript>` or anything under a
/// `hidden` attribute. The tree is walked with an explicit stack, so deep
/// nesting cannot overflow ours, and freed before `parse` returns.
enum HTMLWalker {
  /// Parses `bytes` (UTF-8) as an HTML document. Every offset found is
  /// mapped through `place` (for transcoded input) and then shifted by `base`
  /// (for an HTML block inside Markdown). Only the headings and reading
  /// inside the element `scope` names count; the `<title>` is the page's.
  /// With `findsLinks`, every `<a href>`, `<img src>`, `id` and `<a name>`
  /// of the page is gathered too, whatever the scope.
  static func parse(
    _ bytes: UnsafeBufferPointer<UInt8>, base: Int = 0, place: ((Int) -> Int)? = nil,
    scope: HTMLScope = .whole, findsLinks: Bool = false
  ) -> HTMLFindings {
    guard let start = bytes.baseAddress, !bytes.isEmpty else { return HTMLFindings() }
    var options = kGumboDefaultOptions
    // Parse errors are not needed; recording them costs memory on garbage.
    options.max_errors = 0
    let output = start.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
      gumbo_parse_with_options(&options, $0, bytes.count)
    }
    guard let output else { return HTMLFindings() }
    defer { gumbo_destroy_output(&options, output) }
    var walker = Walker(place: { base + (place?($0) ?? $0) })
    walker.findsLinks = findsLinks
    switch HTMLScopeFinder.find(scope, in: output.pointee.document) {
    case .none: break
    case .some(.none): walker.inScope = false
    case .some(.some(let element)):
      walker.scope = element
      walker.inScope = false
    }
    walker.walk(output.pointee.document)
    return walker.result
  }

  /// Elements that run inside a line of text, so words go on across them.
  private static let inlineTags: Set<UInt32> = Set(
    [
      GUMBO_TAG_A, GUMBO_TAG_ABBR, GUMBO_TAG_B, GUMBO_TAG_BDI, GUMBO_TAG_BDO, GUMBO_TAG_CITE,
      GUMBO_TAG_CODE, GUMBO_TAG_DATA, GUMBO_TAG_DEL, GUMBO_TAG_DFN, GUMBO_TAG_EM, GUMBO_TAG_FONT,
      GUMBO_TAG_I, GUMBO_TAG_INS, GUMBO_TAG_KBD, GUMBO_TAG_LABEL, GUMBO_TAG_MARK, GUMBO_TAG_Q,
      GUMBO_TAG_S, GUMBO_TAG_SAMP, GUMBO_TAG_SMALL, GUMBO_TAG_SPAN, GUMBO_TAG_STRIKE,
      GUMBO_TAG_STRONG, GUMBO_TAG_SUB, GUMBO_TAG_SUP, GUMBO_TAG_TIME, GUMBO_TAG_TT, GUMBO_TAG_U,
      GUMBO_TAG_VAR, GUMBO_TAG_WBR, GUMBO_TAG_BIG, GUMBO_TAG_NOBR,
    ].map(\.rawValue))

  /// Elements whose content is never read or searched for headings.
  private static let skippedTags: Set<UInt32> = Set(
    [GUMBO_TAG_SCRIPT, GUMBO_TAG_STYLE, GUMBO_TAG_NOSCRIPT, GUMBO_TAG_TEMPLATE].map(\.rawValue))

  private static let headingLevels: [UInt32: Int] = [
    GUMBO_TAG_H1.rawValue: 1, GUMBO_TAG_H2.rawValue: 2, GUMBO_TAG_H3.rawValue: 3,
    GUMBO_TAG_H4.rawValue: 4, GUMBO_TAG_H5.rawValue: 5, GUMBO_TAG_H6.rawValue: 6,
  ]

  private struct Walker {
    let place: (Int) -> Int
    var result = HTMLFindings()
    /// The element outlined, nil for the whole page.
    var scope: UnsafeMutablePointer<GumboNode>? = nil
    /// True while inside it (always, for the whole page).
    var inScope = true
    /// Whether links and anchors are gathered.
    var findsLinks = false
    private var counter = WordCounter()
    private var readingOffset: Int? = nil
    private var hiddenDepth = 0
    /// Headings still open, innermost last: a heading may hold another
    /// (`<h1><div><h2>`), and its text content then holds the inner one's.
    private var open:
      [(
        index: Int, node: UnsafeMutablePointer<GumboNode>, title: HeadingTextBuilder,
        enclosingID: String?
      )] = []
    private var enclosingIDs = EnclosingIDs()
    private var marks = PermalinkMarks()
    private var titleElement: [UInt8]? = nil

    init(place: @escaping (Int) -> Int) {
      self.place = place
    }

    /// Hands what was counted since the last flush to the result, as the
    /// title of heading `index` when it is one.
    private mutating func flush(heading index: Int? = nil) {
      let reading = counter.take()
      let offset = index.map { result.text.headings[$0].offset } ?? readingOffset
      if !reading.isEmpty, let offset {
        result.text.readings.append(PlacedReading(offset: offset, reading: reading, heading: index))
      }
      readingOffset = nil
    }

    mutating func walk(_ root: UnsafeMutablePointer<GumboNode>) {
      var stack: [(node: UnsafeMutablePointer<GumboNode>, leaving: Bool)] = [(root, false)]
      while let (node, leaving) = stack.popLast() {
        if leaving {
          leave(node)
          continue
        }
        switch node.pointee.type {
        case GUMBO_NODE_DOCUMENT:
          push(children: node.pointee.v.document.children, onto: &stack)
        case GUMBO_NODE_ELEMENT:
          guard enter(node) else { continue }
          stack.append((node, true))
          push(children: node.pointee.v.element.children, onto: &stack)
        case GUMBO_NODE_TEXT, GUMBO_NODE_WHITESPACE, GUMBO_NODE_CDATA:
          text(node)
        default:
          // Comments, and <template> contents, which a browser keeps apart
          // from the document's tree.
          break
        }
      }
      flush()
    }

    private func push(
      children: GumboVector,
      onto stack: inout [(node: UnsafeMutablePointer<GumboNode>, leaving: Bool)]
    ) {
      guard let data = children.data else { return }
      for index in stride(from: Int(children.length) - 1, through: 0, by: -1) {
        if let child = data[index] {
          stack.append((child.assumingMemoryBound(to: GumboNode.self), false))
        }
      }
    }

    /// Enters an element; false to skip its content.
    private mutating func enter(_ node: UnsafeMutablePointer<GumboNode>) -> Bool {
      let element = node.pointee.v.element
      let tag = element.tag.rawValue
      if node == scope { inScope = true }
      if findsLinks {
        HTMLWalker.gather(element, at: place(Int(element.start_pos.offset)), into: &result.text)
      }
      guard element.tag_namespace == GUMBO_NAMESPACE_HTML else { return true }
      if HTMLWalker.skippedTags.contains(tag) { return false }
      if tag == GUMBO_TAG_TITLE.rawValue, result.title == nil, titleElement == nil {
        titleElement = []
      }
      if tag == GUMBO_TAG_HEAD.rawValue || HTMLWalker.attribute("hidden", of: element) != nil {
        hiddenDepth += 1
      }
      if !HTMLWalker.inlineTags.contains(tag) { counter.endWord() }
      if tag == GUMBO_TAG_IMG.rawValue {
        if hiddenDepth == 0 && inScope {
          counter.addImage()
          if readingOffset == nil { readingOffset = place(Int(element.start_pos.offset)) }
        }
        if let alt = HTMLWalker.attribute("alt", of: element) {
          var alt = alt
          alt.withUTF8 { bytes in
            for index in open.indices { open[index].title.add(bytes, inImage: true) }
          }
        }
      }
      let ownID = HTMLWalker.attribute("id", of: element).flatMap { $0.isEmpty ? nil : $0 }
      if inScope, let level = HTMLWalker.headingLevels[tag] {
        flush(heading: open.last?.index)
        result.text.headings.append(
          FoundHeading(
            level: level, title: "", offset: place(Int(element.start_pos.offset)),
            explicitID: ownID, omitted: HTMLWalker.asksToBeOmitted(element)))
        open.append(
          (result.text.headings.count - 1, node, HeadingTextBuilder(), enclosingIDs.headingStarts())
        )
      }
      enclosingIDs.enter(node, id: ownID)
      if tag == GUMBO_TAG_A.rawValue {
        marks.enter(
          node, href: HTMLWalker.attribute("href", of: element),
          positions: open.map { ($0.index, $0.title.position) })
      }
      return true
    }

    private mutating func leave(_ node: UnsafeMutablePointer<GumboNode>) {
      let element = node.pointee.v.element
      let tag = element.tag.rawValue
      defer { if node == scope { inScope = false } }
      guard element.tag_namespace == GUMBO_NAMESPACE_HTML else { return }
      if tag == GUMBO_TAG_HEAD.rawValue || HTMLWalker.attribute("hidden", of: element) != nil {
        hiddenDepth -= 1
      }
      if tag == GUMBO_TAG_TITLE.rawValue, let title = titleElement {
        result.title = PlainText.collapsed(title)
        titleElement = nil
      }
      if !HTMLWalker.inlineTags.contains(tag) { counter.endWord() }
      marks.leave(node, positions: open.map { ($0.index, $0.title.position) })
      enclosingIDs.leave(node)
      if var innermost = open.last, innermost.node == node {
        open.removeLast()
        // The page's own anchor: the heading's id, else a first-child
        // anchor's, else an enclosing element's whose first heading it is.
        let id =
          result.text.headings[innermost.index].explicitID
          ?? HTMLWalker.anchorID(firstChildOf: element) ?? innermost.enclosingID
        result.text.headings[innermost.index].explicitID = id
        marks.strip(heading: innermost.index, id: id, from: &innermost.title)
        let text = innermost.title.text
        result.text.headings[innermost.index].title = PlainText.collapsed(text.withAlt)
        result.text.headings[innermost.index].text = text
        flush(heading: innermost.index)
      }
    }

    private mutating func text(_ node: UnsafeMutablePointer<GumboNode>) {
      guard let text = node.pointee.v.text.text else { return }
      let length = strlen(text)
      text.withMemoryRebound(to: UInt8.self, capacity: length) { start in
        let bytes = UnsafeBufferPointer(start: start, count: length)
        if titleElement != nil { titleElement! += bytes }
        for index in open.indices { open[index].title.add(bytes, inImage: false) }
        if hiddenDepth == 0 && inScope {
          if readingOffset == nil {
            readingOffset = place(Int(node.pointee.v.text.start_pos.offset))
          }
          counter.feed(bytes)
        }
      }
    }
  }

  /// The element's `id` (an `<a>`'s `name` too) as an anchor, and its
  /// `href` (`<a>`) or `src` (`<img>`) as a link, placed at `offset`.
  static func gather(_ element: GumboElement, at offset: Int, into findings: inout Findings) {
    if let id = attribute("id", of: element), !id.isEmpty {
      findings.anchors.append(FoundAnchor(id: id, offset: offset))
    }
    guard element.tag_namespace == GUMBO_NAMESPACE_HTML else { return }
    switch element.tag {
    case GUMBO_TAG_A:
      if let name = attribute("name", of: element), !name.isEmpty {
        findings.anchors.append(FoundAnchor(id: name, offset: offset))
      }
      if let href = attribute("href", of: element) {
        findings.links.append(FoundLink(destination: href, kind: .html, offset: offset))
      }
    case GUMBO_TAG_IMG:
      if let source = attribute("src", of: element) {
        findings.links.append(FoundLink(destination: source, kind: .htmlImage, offset: offset))
      }
    default: break
    }
  }

  /// The value of attribute `name` on `element`, if it has one.
  /// True for a heading whose class asks contents lists to leave it out
  /// (`no-toc`, `notoc`).
  static func asksToBeOmitted(_ element: GumboElement) -> Bool {
    guard let classes = attribute("class", of: element) else { return false }
    return classes.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).contains {
      let name = $0.lowercased()
      return name == "no-toc" || name == "notoc"
    }
  }

  static func attribute(_ name: String, of element: GumboElement) -> String? {
    var attributes = element.attributes
    guard let found = gumbo_get_attribute(&attributes, name), let value = found.pointee.value else {
      return nil
    }
    return String(cString: value)
  }

  /// The `id` or `name` of an `<a>` that is the element's first child
  /// element (`<h2><a name="setup"></a>Setup</h2>`), as old pages anchor.
  static func anchorID(firstChildOf element: GumboElement) -> String? {
    guard let data = element.children.data else { return nil }
    for index in 0..<Int(element.children.length) {
      guard let child = data[index]?.assumingMemoryBound(to: GumboNode.self) else { continue }
      if child.pointee.type == GUMBO_NODE_WHITESPACE { continue }
      guard child.pointee.type == GUMBO_NODE_ELEMENT, child.pointee.v.element.tag == GUMBO_TAG_A
      else { return nil }
      let anchor = child.pointee.v.element
      for name in ["id", "name"] {
        if let value = attribute(name, of: anchor), !value.isEmpty { return value }
      }
      return nil
    }
    return nil
  }
}

#if canImport(Glibc)
  import Glibc
#endif
