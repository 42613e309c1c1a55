import HTMLOutline
import Outline
import Testing

/// The trees the outline gives a layout: Swift values with the bytes and
/// lines of the stretch given, whatever cmark or gumbo was fed around it.
@Suite struct LayoutTreeTests {
  @Test func aHeadingKnowsItsBytesAndItsLine() {
    let bytes = Array("intro\n\n## Title\n".utf8)
    let tree = MarkdownDocument.parse(bytes)
    let heading = tree.steps.first { $0.node.kind == .heading(level: 2) }
    #expect(heading?.node.range == 7..<15)
    #expect(heading?.node.line == 3)
    #expect(tree.steps.contains { $0.node.kind == .text("Title") })
  }

  /// Definitions read first are used but make no step; front matter keeps
  /// the lines after it where they are.
  @Test func borrowedAndHiddenLinesLeaveNoTrace() {
    let bytes = Array("---\nk: v\n---\nsee [a]\n".utf8)
    let tree = MarkdownDocument.parse(
      bytes, hidden: 13, definitions: Array("[a]: /there\n\n".utf8))
    #expect(tree.steps.contains { $0.node.kind == .link(destination: "/there") })
    let paragraph = tree.steps.first { $0.node.kind == .paragraph }
    #expect(paragraph?.node.line == 4)
    #expect(paragraph?.node.range.lowerBound == 13)
    #expect(tree.steps.allSatisfy { $0.node.line >= 1 })
  }

  @Test func anElementKnowsWhereItIsLeft() throws {
    let bytes = Array("<main><p hidden>no</p><p>yes</p></main>".utf8)
    let steps = HTMLTree.parse(bytes, scope: .auto).steps
    guard case .enter(let main)? = steps.first else {
      Issue.record("the scope's element first, not \(String(describing: steps.first))")
      return
    }
    #expect(main.tag == "main")
    #expect(steps[main.leaving] == .leave(main))
    let hidden = steps.compactMap { step -> HTMLElement? in
      guard case .enter(let element) = step, element.attribute("hidden") != nil else { return nil }
      return element
    }
    #expect(hidden.count == 1)
    let selector = try #require(CSSSelector("article"))
    #expect(HTMLTree.parse(bytes, scope: .within(selector)).steps.isEmpty)
  }
}
