/// How well a title matches what was typed to find it, as fzf and an
/// editor's Go to Symbol rank: the one ranking `pick`'s and `read`'s
/// filter, the language server's workspace symbols and the MCP `find`
/// tool share. Both strings come folded by the caller (lowercased, or
/// `LooseText.folded`).
///
/// The tiers, best first: the title itself, a title that begins with the
/// query, one with a word that begins with it, one that holds it, one
/// that holds its letters in order (spaces in the query skipped: `prt tw`
/// finds `part two`). Within the last tier, letters at word starts and in
/// runs rank before scattered ones, as fzf scores them. Ties are left to
/// the caller's order (a document's, a book's).
public struct TitleRank: Comparable, Sendable {
  /// 0 the title itself, up to 4 its letters in order.
  public let tier: Int
  /// Within a tier, higher is better.
  public let score: Int

  public static func < (a: TitleRank, b: TitleRank) -> Bool {
    a.tier != b.tier ? a.tier < b.tier : a.score > b.score
  }

  /// A query read once for many titles: trimmed, its letters (spaces
  /// skipped), their count, and for an ASCII query its letters as bytes,
  /// so that a title too short for it, or without those bytes in order,
  /// is passed over without its characters being compared.
  public struct Query: Sendable {
    let wanted: String
    let wantedCount: Int
    let letters: [Character]
    let bytes: [UInt8]

    public init(_ query: String) {
      let trimmed = query.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()
      wanted = String(trimmed)
      wantedCount = wanted.count
      letters = Array(query.filter { $0 != " " })
      bytes = query.utf8.allSatisfy { $0 < 0x80 } ? Array(query.utf8.filter { $0 != 0x20 }) : []
    }

    /// How many letters the query has, spaces skipped: a title with
    /// fewer characters cannot match it.
    public var letterCount: Int { letters.count }
  }

  /// The rank of `title` for `query`; nil when the title does not hold the
  /// query's letters in order. An empty query matches everything alike.
  public static func of(_ query: String, in title: String) -> TitleRank? {
    of(Query(query), in: title)
  }

  /// The same for a query read once; the work is bounded by the title's
  /// length, however long the query.
  public static func of(_ query: Query, in title: String) -> TitleRank? {
    let wanted = query.wanted
    if wanted.isEmpty { return TitleRank(tier: 0, score: 0) }
    guard holds(title, query.bytes) else { return nil }
    let count = title.count
    guard query.letters.count <= count else { return nil }
    if query.wantedCount <= count {
      if title == wanted { return TitleRank(tier: 0, score: 0) }
      if title.hasPrefix(wanted) { return TitleRank(tier: 1, score: 0) }
      let found = title.ranges(of: wanted)
      if found.contains(where: { isWordStart($0.lowerBound, in: title) }) {
        return TitleRank(tier: 2, score: 0)
      }
      if !found.isEmpty { return TitleRank(tier: 3, score: 0) }
    }
    return scattered(query.letters, in: Array(title)).map { TitleRank(tier: 4, score: $0) }
  }

  /// True when `letters` (bytes) come in `title`'s UTF-8 in order: every
  /// match of an ASCII query does (no letters: anything may match).
  public static func holds(_ title: String, _ letters: [UInt8]) -> Bool {
    guard !letters.isEmpty else { return true }
    guard letters.count <= title.utf8.count else { return false }
    var next = 0
    for byte in title.utf8 where byte == letters[next] {
      next += 1
      if next == letters.count { return true }
    }
    return false
  }

  /// True when `index` starts a word of `text`: its start, or after a
  /// character that is no letter or digit.
  static func isWordStart(_ index: String.Index, in text: String) -> Bool {
    guard index > text.startIndex else { return true }
    let before = text[text.index(before: index)]
    return !before.isLetter && !before.isNumber
  }

  /// fzf's score for `query`'s letters in order in `title`: the shortest
  /// window ending at the first letter where they all fit, each letter 16, a
  /// letter at a word start 8 more (the first letter's twice), a letter
  /// right after the one before 4 more, a gap 3 less and 1 less a letter
  /// skipped past its first. Nil when they do not all fit.
  static func scattered(_ query: [Character], in title: [Character]) -> Int? {
    guard !query.isEmpty else { return 0 }
    var next = 0
    var end = -1
    for (index, character) in title.enumerated() where character == query[next] {
      next += 1
      if next == query.count {
        end = index
        break
      }
    }
    guard end >= 0 else { return nil }
    // Back from the end: the latest start that still holds every letter.
    var start = end
    var back = query.count - 1
    while back >= 0 {
      if title[start] == query[back] { back -= 1 }
      if back >= 0 { start -= 1 }
    }
    var score = 0
    var matched = 0
    var previous = -2
    var gap = 0
    for index in start...end where matched < query.count {
      guard title[index] == query[matched] else {
        gap += 1
        continue
      }
      if gap > 0 { score -= 3 + (gap - 1) }
      gap = 0
      var letter = 16
      let boundary = index == 0 || !(title[index - 1].isLetter || title[index - 1].isNumber)
      if boundary { letter += matched == 0 ? 16 : 8 }
      if previous == index - 1 { letter += 4 }
      score += letter
      previous = index
      matched += 1
    }
    return score
  }
}
