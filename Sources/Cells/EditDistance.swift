/// How far apart two words are, for "did you mean" and for the sections
/// nearest what `jump` was given when it matched none: insertions, deletions,
/// substitutions and swaps of two neighbours each count one (optimal string
/// alignment), so `wirte` is one from `write`.
public enum EditDistance {
  /// The distance between `a` and `b`.
  public static func between(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
    var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { table[i][0] = i }
    for j in 0...b.count { table[0][j] = j }
    for i in 1...a.count {
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
        if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
          table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
        }
      }
    }
    return table[a.count][b.count]
  }

  /// The `candidates` nearest to `word`, in their order, when near enough
  /// to be a slip (two edits at most, one for words of four letters or
  /// fewer); empty when none is. Linear in the candidates' length: most are
  /// passed over by their length alone, the rest compared within the
  /// limit only (`within`), so thousands of broken links in a document
  /// of thousands of headings cost no more than reading them.
  public static func nearest(to word: String, in candidates: [String]) -> [String] {
    let wanted = Array(word)
    let length = wanted.count
    let limit = length <= 4 ? 1 : 2
    var best = limit
    var found: [String] = []
    var seen = Set<String>()
    for candidate in candidates {
      // A character is one to four bytes: the byte count bounds the
      // character count before any is counted.
      let bytes = candidate.utf8.count
      guard bytes >= length - limit, bytes <= 4 * (length + limit) else { continue }
      let letters = Array(candidate)
      guard abs(letters.count - length) <= limit,
        let distance = within(best, wanted, letters)
      else { continue }
      if distance < best || found.isEmpty {
        if distance < best { found.removeAll() }
        best = distance
        seen.removeAll()
      }
      if seen.insert(candidate).inserted { found.append(candidate) }
    }
    return found
  }

  /// The distance between `a` and `b` when it is `limit` or less, else
  /// nil: the table's rows kept three at a time and given up once a row
  /// holds nothing within the limit.
  static func within(_ limit: Int, _ a: [Character], _ b: [Character]) -> Int? {
    if a.isEmpty || b.isEmpty { return max(a.count, b.count) <= limit ? max(a.count, b.count) : nil }
    var before = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      var smallest = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
          value = min(value, before[j - 2] + 1)
        }
        current[j] = value
        smallest = min(smallest, value)
      }
      if smallest > limit { return nil }
      (before, previous, current) = (previous, current, before)
    }
    return previous[b.count] <= limit ? previous[b.count] : nil
  }

  /// ` did you mean '--a' or '--b'?` for the nearest, or "" when none.
  public static func suggestion(for word: String, in candidates: [String], prefix: String) -> String
  {
    let near = nearest(to: word, in: candidates).map { "'\(prefix)\($0)'" }
    guard let last = near.last else { return "" }
    let list = near.count == 1 ? last : near.dropLast().joined(separator: ", ") + " or " + last
    return "; did you mean \(list)?"
  }
}
