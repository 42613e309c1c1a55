import Found
import Outline

/// Which definition each reference-style link uses, so that every
/// definition is checked exactly once: at its first use, or on its own
/// line when nothing uses it.
struct ReferenceUses {
  /// The offset of each label's first definition, by label key.
  private var first: [String: Int] = [:]
  /// The label keys some reference uses.
  private var used = Set<String>()
  /// The definitions checked so far, by offset; and, for references
  /// whose definition was not found, their destinations.
  private var checked = Set<Int>()
  private var checkedDestinations = Set<String>()

  init(_ links: [FoundLink]) {
    for link in links {
      guard let key = link.labelKey else { continue }
      if link.kind == .definition {
        if first[key] == nil { first[key] = link.offset }
      } else if link.kind == .reference {
        used.insert(key)
      }
    }
  }

  /// True for a definition no reference uses (or a later one of a label
  /// defined before: no reference can use it).
  func isUnused(_ link: FoundLink) -> Bool {
    guard link.kind == .definition, let key = link.labelKey else { return false }
    return first[key] != link.offset || !used.contains(key)
  }

  /// Whether `link` is checked where it stands: not a reference whose
  /// definition an earlier use checked, not a definition a use checks.
  mutating func isChecked(_ link: FoundLink) -> Bool {
    switch link.kind {
    case .reference:
      guard let key = link.labelKey, let definition = first[key] else {
        return checkedDestinations.insert(link.destination).inserted
      }
      return checked.insert(definition).inserted
    case .definition:
      guard let key = link.labelKey, first[key] == link.offset else { return true }
      return !used.contains(key)
    default:
      return true
    }
  }
}
