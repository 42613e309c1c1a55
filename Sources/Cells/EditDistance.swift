/// How far apart two words are, for "did you mean" and for the sections
/// nearest a jump target that matched none: insertions, deletions,
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
  /// fewer); empty when none is.
  public static func nearest(to word: String, in candidates: [String]) -> [String] {
    let length = word.count
    let limit = length <= 4 ? 1 : 2
    // Words whose lengths differ by more than the limit are further apart
    // than it: most candidates are passed over without a table.
    let scored = candidates.filter { abs($0.count - length) <= limit }
      .map { ($0, between(word, $0)) }.filter { $0.1 <= limit }
    guard let best = scored.map(\.1).min() else { return [] }
    var seen = Set<String>()
    return scored.filter { $0.1 == best && seen.insert($0.0).inserted }.map(\.0)
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
