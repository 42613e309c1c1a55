import Cells
import Outline

/// A target that names no section, or more than one.
public enum TargetError: Error, Equatable, Sendable {
  /// Nothing matched; `closest` holds the nearest sections' indices.
  case noMatch(closest: [Int])
  /// A part of a title matched several sections; their indices.
  case ambiguous(matches: [Int])
  /// The name matches a heading outside the levels shown; its index among
  /// the document's folded headings.
  case folded(Int)
}

extension Target {
  /// The index of the section this target names among `sections`, with the
  /// reader at byte `offset` (the top when nil).
  ///
  /// A name is tried as an id (the fragment after a `#` first), then as a
  /// whole title, then as a part of a title; ids in any case, titles
  /// without regard to case or diacritics. A name that only `folded`
  /// headings (those outside the levels shown) answer is `.folded`. Steps
  /// are clamped at the ends; a reader before the first section stands
  /// just before it, so `next` is the first.
  public func resolve(
    in sections: [Section], folded: [FoldedHeading] = [], from offset: Int? = nil
  ) throws(TargetError) -> Int {
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
      return try Self.match(name, in: sections, folded: folded)
    }
  }

  private static func match(_ name: String, in sections: [Section], folded: [FoldedHeading])
    throws(TargetError) -> Int
  {
    let fragment = Self.fragment(of: name)
    let ids = [fragment, name].compactMap { $0 }.filter { !$0.isEmpty }
    if let index = idMatch(ids, in: sections.map(\.id)) { return index }
    if let index = idMatch(ids, in: folded.map(\.id)) { throw .folded(index) }
    // A title is looked for as typed; `#install` as `install`.
    let wanted = LooseText.folded(name.hasPrefix("#") ? fragment ?? name : name)
    let titles = sections.map { LooseText.folded($0.title) }
    if let index = try titleMatch(wanted, in: titles) { return index }
    // Several folded headings that match say nothing: the closest shown
    // sections are listed instead.
    if let index = try? titleMatch(wanted, in: folded.map { LooseText.folded($0.title) }) {
      throw .folded(index)
    }
    let near = fragment.map { LooseText.folded($0) } ?? wanted
    throw .noMatch(closest: closest(to: near, titles: titles, ids: sections.map(\.id)))
  }

  /// The first of `ids` naming an anchor exactly, else in any case.
  private static func idMatch(_ wanted: [String], in ids: [String?]) -> Int? {
    for name in wanted {
      if let index = ids.firstIndex(where: { $0 == name }) { return index }
    }
    for name in wanted.map({ $0.lowercased() }) {
      if let index = ids.firstIndex(where: { $0?.lowercased() == name }) { return index }
    }
    return nil
  }

  /// The one title equal to `wanted`, else the one holding it; both folded.
  private static func titleMatch(_ wanted: String, in titles: [String]) throws(TargetError) -> Int?
  {
    let whole = titles.indices.filter { titles[$0] == wanted }
    if whole.count == 1 { return whole[0] }
    if whole.count > 1 { throw .ambiguous(matches: whole) }
    let parts = titles.indices.filter { !wanted.isEmpty && titles[$0].contains(wanted) }
    if parts.count == 1 { return parts[0] }
    if parts.count > 1 { throw .ambiguous(matches: parts) }
    return nil
  }

  /// The fragment of a link (`#install`, `guide.html#install`,
  /// `https://example.org/guide#install`), percent-decoded; nil without
  /// a `#`.
  static func fragment(of text: String) -> String? {
    guard let hash = text.firstIndex(of: "#") else { return nil }
    let raw = Array(text[text.index(after: hash)...].utf8)
    var bytes: [UInt8] = []
    var index = 0
    while index < raw.count {
      if raw[index] == UInt8(ascii: "%"), index + 2 < raw.count,
        let value = UInt8(String(decoding: raw[index + 1...index + 2], as: UTF8.self), radix: 16)
      {
        bytes.append(value)
        index += 3
      } else {
        bytes.append(raw[index])
        index += 1
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Up to three sections whose folded title or id is nearest `wanted` by
  /// edit distance, nearest first (ties in document order).
  static func closest(to wanted: String, titles: [String], ids: [String?]) -> [Int] {
    let scored = titles.indices.map { index -> (Int, Int) in
      let distance = min(
        editDistance(wanted, titles[index]),
        ids[index].map { editDistance(wanted, $0.lowercased()) } ?? Int.max)
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
