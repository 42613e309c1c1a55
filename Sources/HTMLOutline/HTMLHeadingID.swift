/// The ids a page gives its headings when the heading itself has none:
/// the nearest enclosing element with an `id`, when the heading is the
/// first one inside it.
///
/// ReSpec and Bikeshed put the id on the `<section>` that holds the
/// heading, Sphinx on `<section>` or `<div class="section">`; a browser
/// jumping to it lands on the heading all the same. An element whose first
/// heading came earlier is no anchor of a later one: `#content` on a page's
/// main `<div>` belongs to its first heading, not to every heading in it.
struct EnclosingIDs {
  /// Open elements with an id, innermost last, and whether a heading has
  /// started inside each yet.
  private var open: [(node: Int, id: String, hasHeading: Bool)] = []

  /// Notes an element entered, with its `id` attribute if it has one.
  mutating func enter(_ node: Int, id: String?) {
    if let id, !id.isEmpty { open.append((node, id, false)) }
  }

  /// Notes an element left.
  mutating func leave(_ node: Int) {
    if open.last?.node == node { open.removeLast() }
  }

  /// A heading starts (before its own element is entered): the id of the
  /// nearest enclosing element with one, if this is its first heading.
  /// Every enclosing element has had a heading from now on.
  mutating func headingStarts() -> String? {
    let id = open.last.flatMap { $0.hasHeading ? nil : $0.id }
    for index in open.indices { open[index].hasHeading = true }
    return id
  }
}
