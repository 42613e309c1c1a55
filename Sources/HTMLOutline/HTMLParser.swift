import CGumbo

/// The whole parse: gumbo, the HTML5 parser, builds the page's tree, and
/// the tree is visited into an `HTMLOutlineBuilder`.
///
/// The tree is visited with an explicit stack, so deep nesting cannot
/// overflow ours, and freed before `parse` returns.
package enum HTMLParser {
  /// Parses `bytes` (UTF-8) as an HTML document. Every offset found is
  /// mapped through `mapOffset` (for transcoded input) and then shifted by `base`
  /// (for an HTML block inside Markdown). Only the headings and reading
  /// inside the element `scope` names count; the `<title>` is the page's.
  /// With `findsLinks`, every `<a href>`, `<img src>`, `id` and `<a name>`
  /// of the page is gathered too, whatever the scope.
  package static func parse(
    _ bytes: Span<UInt8>, base: Int = 0, mapOffset: ((Int) -> Int)? = nil,
    scope: HTMLScope = .whole, findsLinks: Bool = false
  ) -> HTMLFindings {
    bytes.withUnsafeBufferPointer {
      parse($0, base: base, mapOffset: mapOffset, scope: scope, findsLinks: findsLinks)
    }
  }

  /// The same over a buffer, for this module's own callers.
  static func parse(
    _ bytes: UnsafeBufferPointer<UInt8>, base: Int = 0, mapOffset: ((Int) -> Int)? = nil,
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
    var builder = HTMLOutlineBuilder(mapOffset: { base + (mapOffset?($0) ?? $0) })
    builder.findsLinks = findsLinks
    switch HTMLScopeFinder.find(scope, in: output.pointee.document) {
    case .none: break
    case .some(.none): builder.inScope = false
    case .some(.some(let element)):
      builder.scope = Int(bitPattern: element)
      builder.inScope = false
    }
    visit(output.pointee.document, into: &builder)
    builder.finish()
    return builder.result
  }

  private static func visit(
    _ root: UnsafeMutablePointer<GumboNode>, into builder: inout HTMLOutlineBuilder
  ) {
    var stack: [(node: UnsafeMutablePointer<GumboNode>, leaving: Bool)] = [(root, false)]
    while let (node, leaving) = stack.popLast() {
      switch node.pointee.type {
      case GUMBO_NODE_DOCUMENT:
        push(children: node.pointee.v.document.children, onto: &stack)
      case GUMBO_NODE_ELEMENT:
        let element = node.pointee.v.element
        let isHTML = element.tag_namespace == GUMBO_NAMESPACE_HTML
        if leaving {
          builder.leave(
            Int(bitPattern: node), tag: element.tag.rawValue, isHTML: isHTML,
            attributes: GumboAttributes(element: element),
            anchorID: { anchorID(firstChildOf: element) })
          continue
        }
        builder.enter(
          Int(bitPattern: node), tag: element.tag.rawValue, isHTML: isHTML,
          offset: Int(element.start_pos.offset), attributes: GumboAttributes(element: element))
        stack.append((node, true))
        push(children: element.children, onto: &stack)
      case GUMBO_NODE_TEXT, GUMBO_NODE_WHITESPACE, GUMBO_NODE_CDATA:
        guard let text = node.pointee.v.text.text else { continue }
        let length = strlen(text)
        text.withMemoryRebound(to: UInt8.self, capacity: length) {
          builder.text(
            UnsafeBufferPointer(start: $0, count: length),
            offset: Int(node.pointee.v.text.start_pos.offset))
        }
      default:
        // Comments, and <template> contents, which a browser keeps apart
        // from the document's tree.
        break
      }
    }
  }

  private static func push(
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

  /// The value of attribute `name` on `element`, if it has one.
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

/// A gumbo element's attributes.
private struct GumboAttributes: HTMLAttributeSource {
  let element: GumboElement

  func value(_ name: String) -> String? {
    HTMLParser.attribute(name, of: element)
  }

  func has(_ name: String) -> Bool {
    var attributes = element.attributes
    return gumbo_get_attribute(&attributes, name) != nil
  }
}

#if canImport(Glibc)
  import Glibc
#endif
