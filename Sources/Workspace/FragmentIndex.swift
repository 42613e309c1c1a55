import Parallel

/// One version of a document's headings and anchors by id, made the first
/// time a fragment is looked up in it, so that resolving a document's links
/// takes time linear in them: a document of 160,000 headings and as many
/// links to them took 42 s for its document links when each link went
/// through every heading.
final class FragmentIndex: Sendable {
  /// The first heading and the first anchor of each id, as written and
  /// lowercased.
  struct Table: Sendable {
    var headings: [String: Int] = [:]
    var anchors: [String: Int] = [:]
    var foldedHeadings: [String: Int] = [:]
    var foldedAnchors: [String: Int] = [:]
  }

  private let table = Lock<Table?>(nil)

  init() {}

  /// The table of the headings' and anchors' ids (in document order) that
  /// `ids` gives, made once.
  func table(_ ids: () -> (headings: [String?], anchors: [String])) -> Table {
    if let known = table.withLock({ $0 }) { return known }
    let (headings, anchors) = ids()
    var made = Table()
    for (index, id) in headings.enumerated() {
      guard let id else { continue }
      if made.headings[id] == nil { made.headings[id] = index }
      let folded = id.lowercased()
      if made.foldedHeadings[folded] == nil { made.foldedHeadings[folded] = index }
    }
    for (index, id) in anchors.enumerated() {
      if made.anchors[id] == nil { made.anchors[id] = index }
      let folded = id.lowercased()
      if made.foldedAnchors[folded] == nil { made.foldedAnchors[folded] = index }
    }
    table.withLock { $0 = made }
    return made
  }
}
