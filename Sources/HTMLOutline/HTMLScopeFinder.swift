import CGumbo

/// Finds the element an `HTMLScope` names in a parsed page: the first match
/// of a selector in tree order (descendants matched against the path of
/// ancestors, nearest first), or the page's one `<main>`, else its one
/// `<article>`. `<template>` contents are not part of the tree searched.
enum HTMLScopeFinder {
  /// What to outline: nil for the whole page; `.some(nil)` when a selector
  /// matched nothing.
  static func find(_ scope: HTMLScope, in root: UnsafeMutablePointer<GumboNode>)
    -> UnsafeMutablePointer<GumboNode>??
  {
    switch scope {
    case .whole:
      return nil
    case .auto:
      var mains: [UnsafeMutablePointer<GumboNode>] = []
      var articles: [UnsafeMutablePointer<GumboNode>] = []
      visit(root) { node, _ in
        let tag = node.pointee.v.element.tag
        if tag == GUMBO_TAG_MAIN { mains.append(node) }
        if tag == GUMBO_TAG_ARTICLE { articles.append(node) }
        return false
      }
      if mains.count == 1 { return mains[0] }
      if articles.count == 1 { return articles[0] }
      return nil
    case .within(let selector):
      var found: UnsafeMutablePointer<GumboNode>? = nil
      visit(root) { node, ancestors in
        guard matches(selector.compounds.last!, node) else { return false }
        var remaining = selector.compounds.dropLast()
        for ancestor in ancestors.reversed() {
          guard let next = remaining.last else { break }
          if matches(next, ancestor) { remaining.removeLast() }
        }
        guard remaining.isEmpty else { return false }
        found = node
        return true
      }
      return .some(found)
    }
  }

  /// Calls `body` on each HTML element in tree order with its ancestors
  /// (outermost first), until it returns true.
  private static func visit(
    _ root: UnsafeMutablePointer<GumboNode>,
    _ body: (UnsafeMutablePointer<GumboNode>, [UnsafeMutablePointer<GumboNode>]) -> Bool
  ) {
    var stack: [(node: UnsafeMutablePointer<GumboNode>, depth: Int)] = [(root, 0)]
    var ancestors: [UnsafeMutablePointer<GumboNode>] = []
    while let (node, depth) = stack.popLast() {
      ancestors.removeLast(max(0, ancestors.count - depth))
      let children: GumboVector
      switch node.pointee.type {
      case GUMBO_NODE_DOCUMENT:
        children = node.pointee.v.document.children
      case GUMBO_NODE_ELEMENT:
        if node.pointee.v.element.tag_namespace == GUMBO_NAMESPACE_HTML,
          body(node, ancestors)
        {
          return
        }
        children = node.pointee.v.element.children
      default:
        continue
      }
      ancestors.append(node)
      guard let data = children.data else { continue }
      for index in stride(from: Int(children.length) - 1, through: 0, by: -1) {
        if let child = data[index] {
          stack.append((child.assumingMemoryBound(to: GumboNode.self), depth + 1))
        }
      }
    }
  }

  private static func matches(
    _ compound: CSSSelector.Compound, _ node: UnsafeMutablePointer<GumboNode>
  )
    -> Bool
  {
    guard node.pointee.type == GUMBO_NODE_ELEMENT else { return false }
    let element = node.pointee.v.element
    if let type = compound.type {
      guard element.tag != GUMBO_TAG_UNKNOWN,
        String(cString: gumbo_normalized_tagname(element.tag)) == type
      else { return false }
    }
    if let id = compound.id, HTMLParser.attribute("id", of: element) != id { return false }
    if !compound.classes.isEmpty {
      let classes = Set(
        (HTMLParser.attribute("class", of: element) ?? "").split(whereSeparator: {
          $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{C}"
        }).map(String.init))
      guard compound.classes.allSatisfy(classes.contains) else { return false }
    }
    return true
  }
}
