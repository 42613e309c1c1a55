import Cells
import Found
import Outline

/// A section to jump to, as a person names it: a number, an id, a title or
/// a part of one, a direction, or a step from where the reader is.
public enum Jump: Equatable, Sendable {
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
  /// An id (`install`, `#install`, or a link's fragment,
  /// `docs/guide.html#install`), a title, or a unique part of a title;
  /// titles matched without regard to case or diacritics.
  case name(String)

  /// Reads a jump as typed on the command line.
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

extension Jump {
  /// The index of the section this jump names among `sections`, with the
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
  ) throws(JumpError) -> Int {
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

  /// The heading outside the levels shown (its index among `folded`)
  /// that this jump names by its id or a link to it, when no section
  /// shown has that id: an id names one heading whatever the levels, so
  /// `jump` finds it all the same. Nil for every other jump.
  public func foldedID(in sections: [Section], folded: [FoldedHeading]) -> Int? {
    guard case .name(let name) = self else { return nil }
    let ids = [Self.fragment(of: name), name].compactMap { $0 }.filter { !$0.isEmpty }
    guard Self.idMatch(ids, in: sections.map(\.id)) == nil else { return nil }
    return Self.idMatch(ids, in: folded.map(\.id))
  }

  private static func match(_ name: String, in sections: [Section], folded: [FoldedHeading])
    throws(JumpError) -> Int
  {
    let fragment = Self.fragment(of: name)
    let ids = [fragment, name].compactMap { $0 }.filter { !$0.isEmpty }
    if let index = idMatch(ids, in: sections.map(\.id)) { return index }
    if let index = idMatch(ids, in: folded.map(\.id)) { throw .folded(index) }
    // A title is looked for as typed; `#install` as `install`; a title
    // copied with its code's backticks as the heading's text says it.
    let typed = LooseText.folded(name.hasPrefix("#") ? fragment ?? name : name)
    let titles = sections.map { LooseText.folded($0.title) }
    let foldedTitles = folded.map { LooseText.folded($0.title) }
    let bare = typed.filter { $0 != "`" }
    let wanted = titles.contains(typed) || foldedTitles.contains(typed) ? typed : bare
    if let index = try titleMatch(wanted, in: titles) { return index }
    // Deeper (or shallower) headings than those shown: one is named, several
    // are listed, so that the reader knows which levels to ask for.
    let deeper: Int?
    do {
      deeper = try titleMatch(wanted, in: foldedTitles)
    } catch .ambiguous(let matches) {
      throw .foldedAmbiguous(matches)
    } catch {
      throw error
    }
    if let deeper { throw .folded(deeper) }
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
  private static func titleMatch(_ wanted: String, in titles: [String]) throws(JumpError) -> Int? {
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
    return PercentDecoding.decoded(String(text[text.index(after: hash)...]))
  }

  /// Up to three sections near enough to `wanted` to be what was meant,
  /// nearest first (ties in document order): within two edits (one for a
  /// jump of four letters or fewer, as "did you mean" counts) of the
  /// section's folded title, of a run of as many of its words, or of its
  /// id. None when no section is that near: a list of unrelated titles
  /// says nothing.
  static func closest(to wanted: String, titles: [String], ids: [String?]) -> [Int] {
    let limit = wanted.count <= 4 ? 1 : 2
    let words = wanted.split(separator: " ").count
    let scored = titles.indices.compactMap { index -> (Int, Int)? in
      var candidates = [titles[index]] + runs(of: words, in: titles[index])
      if let id = ids[index] { candidates.append(id.lowercased()) }
      let distance =
        candidates.filter { abs($0.count - wanted.count) <= limit }
        .map { EditDistance.between(wanted, $0) }.min() ?? Int.max
      return distance <= limit ? (distance, index) : nil
    }
    return scored.sorted { $0 < $1 }.prefix(3).map(\.1)
  }

  /// Every run of `count` neighbouring words of `title`, joined by a space.
  private static func runs(of count: Int, in title: String) -> [String] {
    let words = title.split(separator: " ")
    guard count >= 1, words.count > count else { return [] }
    return (0...(words.count - count)).map { words[$0..<($0 + count)].joined(separator: " ") }
  }
}
