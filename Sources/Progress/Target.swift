import Outline

/// A section to jump to, as a person names it: a number, an id, a title or
/// a part of one, a direction, or a step from where the reader is.
public enum Target: Equatable, Sendable {
  /// The section with this 1-based number.
  case number(Int)
  /// So many sections on (`+2`) or back (`-1`) from the reader's.
  case step(Int)
  /// The section after the reader's.
  case next
  /// The section before the reader's.
  case previous
  /// The first section (`first` or `top`).
  case first
  /// The last section.
  case last
  /// An id, a title, or a unique part of a title, case-insensitive.
  case name(String)

  /// Reads a target as typed on the command line.
  public init(_ text: String) {
    switch text.lowercased() {
    case "next": self = .next
    case "prev", "previous": self = .previous
    case "first", "top": self = .first
    case "last": self = .last
    default:
      if let sign = text.first, sign == "+" || sign == "-", let steps = Int(text.dropFirst()) {
        self = .step(sign == "+" ? steps : -steps)
      } else if let number = Int(text), number >= 0, text.allSatisfy(\.isASCII) {
        self = .number(number)
      } else {
        self = .name(text)
      }
    }
  }
}

/// A target that names no section, or more than one.
public enum TargetError: Error, Equatable, Sendable {
  /// Nothing matched; `closest` holds the nearest sections' indices.
  case noMatch(closest: [Int])
  /// A part of a title matched several sections; their indices.
  case ambiguous(matches: [Int])
}

extension Target {
  /// The index of the section this target names among `sections`, with the
  /// reader at byte `offset` (the top when nil).
  ///
  /// A name is tried as an id, then as a whole title, then as a part of a
  /// title, each case-insensitive. Steps are clamped at the ends; a reader
  /// before the first section stands just before it, so `next` is the first.
  public func resolve(in sections: [Section], from offset: Int? = nil) throws(TargetError) -> Int {
    guard !sections.isEmpty else { throw .noMatch(closest: []) }
    let last = sections.count - 1
    let here: Int
    let offset = offset ?? 0
    if let index = CurrentSection.index(in: sections, atOffset: offset),
      offset >= sections[0].offset
    {
      here = index
    } else {
      here = -1
    }
    func clamped(_ index: Int) -> Int { min(max(index, 0), last) }
    switch self {
    case .first: return 0
    case .last: return last
    case .next: return clamped(here + 1)
    case .previous: return clamped(here - 1)
    case .step(let steps): return clamped(max(here, steps < 0 ? 0 : -1) + steps)
    case .number(let number):
      guard (1...sections.count).contains(number) else {
        throw .noMatch(closest: [clamped(number - 1)])
      }
      return number - 1
    case .name(let name):
      return try Self.match(name, in: sections)
    }
  }

  private static func match(_ name: String, in sections: [Section]) throws(TargetError) -> Int {
    let wanted = name.lowercased()
    if let index = sections.firstIndex(where: { $0.id?.lowercased() == wanted }) { return index }
    let titles = sections.map { $0.title.lowercased() }
    let whole = titles.indices.filter { titles[$0] == wanted }
    if whole.count == 1 { return whole[0] }
    if whole.count > 1 { throw .ambiguous(matches: whole) }
    let parts = titles.indices.filter { !wanted.isEmpty && titles[$0].contains(wanted) }
    if parts.count == 1 { return parts[0] }
    if parts.count > 1 { throw .ambiguous(matches: parts) }
    throw .noMatch(closest: closest(to: wanted, in: sections))
  }

  /// Up to three sections whose title or id is nearest `wanted` by edit
  /// distance, nearest first.
  static func closest(to wanted: String, in sections: [Section]) -> [Int] {
    let scored = sections.indices.map { index -> (Int, Int) in
      let section = sections[index]
      let distance = min(
        editDistance(wanted, section.title.lowercased()),
        section.id.map { editDistance(wanted, $0.lowercased()) } ?? Int.max)
      return (distance, index)
    }
    return scored.sorted { $0 < $1 }.prefix(3).map(\.1)
  }

  /// Levenshtein distance over characters.
  static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    if a.isEmpty { return b.count }
    var previous = Array(0...b.count)
    var current = previous
    for i in 1...a.count {
      current[0] = i
      for j in stride(from: 1, through: b.count, by: 1) {
        current[j] = min(
          previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }
}
