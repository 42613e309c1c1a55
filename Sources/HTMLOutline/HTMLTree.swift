import CGumbo

/// An HTML page (or an HTML block of Markdown) as gumbo reads it, in Swift
/// values, for a layout to draw: the elements and texts of the part of the
/// page an `HTMLScope` names, in the order a visit of the tree meets them.
///
/// gumbo's tree is visited with a stack of our own (deep nesting cannot
/// overflow it) and freed before `parse` returns; no gumbo pointer
/// outlives the call. Comments and `<template>` contents are left out, as
/// the outline leaves them.
public struct HTMLTree: Sendable {
  /// One thing met in the visit.
  public enum Step: Sendable, Equatable {
    /// An element's start; its `leaving` step comes after all it holds.
    case enter(HTMLElement)
    case leave(HTMLElement)
    /// Text (or CDATA) where it starts; `whitespace` when it is only
    /// white space.
    case text(String, offset: Int, whitespace: Bool)
  }

  /// The steps in visit order.
  public private(set) var steps: [Step] = []
  /// The attributes kept, by name; nil for all.
  private var kept: Set<String>? = nil

  /// The tree of `bytes` (UTF-8 HTML): of the element `scope` names, or
  /// of the whole page (no steps when a selector matches nothing). Of the
  /// attributes, only those named in `keeping` are kept (all when nil): a
  /// layout reads a few, and a page carries many.
  public static func parse(
    _ bytes: [UInt8], scope: HTMLScope = .whole, keeping: Set<String>? = nil
  ) -> HTMLTree {
    var tree = HTMLTree()
    tree.kept = keeping
    bytes.withUnsafeBufferPointer { buffer in
      guard let start = buffer.baseAddress, !buffer.isEmpty else { return }
      var options = kGumboDefaultOptions
      // Parse errors are not needed; recording them costs memory on garbage.
      options.max_errors = 0
      let output = start.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
        gumbo_parse_with_options(&options, $0, buffer.count)
      }
      guard let output else { return }
      defer { gumbo_destroy_output(&options, output) }
      switch HTMLScopeFinder.find(scope, in: output.pointee.document) {
      case .none: tree.visit(output.pointee.document)
      case .some(.some(let element)): tree.visit(element)
      case .some(.none): break
      }
    }
    return tree
  }

  private mutating func visit(_ root: UnsafeMutablePointer<GumboNode>) {
    // Each element entered, with the index of its step, to be left.
    var stack: [(node: UnsafeMutablePointer<GumboNode>, entered: Int?)] = [(root, nil)]
    while let (node, entered) = stack.popLast() {
      if let entered {
        guard case .enter(var element) = steps[entered] else { continue }
        element.leaving = steps.count
        steps[entered] = .enter(element)
        steps.append(.leave(element))
        continue
      }
      var children: GumboVector? = nil
      switch node.pointee.type {
      case GUMBO_NODE_DOCUMENT: children = node.pointee.v.document.children
      case GUMBO_NODE_ELEMENT:
        stack.append((node, steps.count))
        steps.append(.enter(Self.element(node.pointee.v.element, keeping: kept)))
        children = node.pointee.v.element.children
      case GUMBO_NODE_TEXT, GUMBO_NODE_WHITESPACE, GUMBO_NODE_CDATA:
        guard let text = node.pointee.v.text.text else { continue }
        steps.append(
          .text(
            String(cString: text), offset: Int(node.pointee.v.text.start_pos.offset),
            whitespace: node.pointee.type == GUMBO_NODE_WHITESPACE))
      default: break
      }
      guard let children, let data = children.data else { continue }
      for index in stride(from: Int(children.length) - 1, through: 0, by: -1) {
        if let child = data[index] {
          stack.append((child.assumingMemoryBound(to: GumboNode.self), nil))
        }
      }
    }
  }

  /// The names of gumbo's tags, by their number.
  private static let tagNames: [String] = (0..<GUMBO_TAG_LAST.rawValue).map {
    String(cString: gumbo_normalized_tagname(GumboTag(rawValue: $0)))
  }

  private static func element(_ element: GumboElement, keeping kept: Set<String>?)
    -> HTMLElement
  {
    var attributes: [HTMLElement.Attribute] = []
    if let data = element.attributes.data {
      for index in 0..<Int(element.attributes.length) {
        guard let attribute = data[index]?.assumingMemoryBound(to: GumboAttribute.self),
          let name = attribute.pointee.name
        else { continue }
        let lowercased = String(cString: name).lowercased()
        if let kept, !kept.contains(lowercased) { continue }
        attributes.append(
          HTMLElement.Attribute(
            name: lowercased, value: attribute.pointee.value.map { String(cString: $0) } ?? ""))
      }
    }
    let tag = element.tag.rawValue
    return HTMLElement(
      tag: Int(tag) < tagNames.count && element.tag != GUMBO_TAG_UNKNOWN ? tagNames[Int(tag)] : "",
      attributes: attributes, start: Int(element.start_pos.offset),
      end: Int(element.end_pos.offset), leaving: 0)
  }
}
