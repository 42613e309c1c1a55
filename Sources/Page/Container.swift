/// A block that holds others and marks their lines: a list item's bullet
/// or number on its first line and room on the rest, a quote's bar on all.
struct Container {
  enum Kind {
    case item
    case quote
  }

  let kind: Kind
  /// The list it belongs to (an item), for telling tight lists apart.
  let list: Int?
  /// Whether that list is tight (no blank lines between its items).
  let tight: Bool
  /// What its first line shows (`• `, `3. `, `│ `).
  let marker: String
  /// True once a line of it has been drawn.
  var started = false

  /// What its lines show after the first.
  var continuation: String {
    kind == .quote ? marker : String(repeating: " ", count: marker.count)
  }
}

extension [Container] {
  /// The marks a block's lines carry inside these containers, outermost
  /// first: the first line's (a marker where a container starts, its
  /// continuation where it goes on) and the others'. Every container is
  /// started from then on.
  mutating func marks() -> (first: [Run], rest: [Run]) {
    var first = ""
    var rest = ""
    for index in indices {
      first += self[index].started ? self[index].continuation : self[index].marker
      rest += self[index].continuation
      self[index].started = true
    }
    return (
      first.isEmpty ? [] : [Run(first, style: .faint)],
      rest.isEmpty ? [] : [Run(rest, style: .faint)]
    )
  }
}
