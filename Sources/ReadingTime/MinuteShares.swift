/// Whole minutes shared out so the parts add up to the whole.
///
/// Each part's time is rounded on its own would let twenty 40-second
/// sections say 20 minutes in a 13-minute document. Instead the document's
/// time is rounded once, to the nearest minute, and those minutes are
/// shared out by the largest remainder: each part gets its whole minutes,
/// and the minutes left go to the parts with the largest fractions (the
/// earlier one on a tie).
public enum MinuteShares {
  /// The whole minutes for `seconds` (half a minute rounds up): the one
  /// rounding every reading time goes through.
  public static func rounded(_ seconds: Double) -> Int {
    Int((seconds / 60).rounded(.toNearestOrAwayFromZero))
  }

  /// Whole minutes for parts of so many seconds each (a book's chapters)
  /// and their total: the sum rounded once, then shared out as a
  /// document's time is shared to its sections, so the parts add up to the
  /// total every command gives.
  public static func shares(ofSeconds seconds: [Int]) -> (total: Int, parts: [Int]) {
    let parts = seconds.map(Double.init)
    let total = rounded(parts.reduce(0, +))
    return (total, share(parts, total: total))
  }

  /// Minutes for each of `parts` (seconds each), adding up to `total`
  /// (the parts' sum, rounded).
  static func share(_ parts: [Double], total: Int) -> [Int] {
    let exact = parts.map { max($0, 0) / 60 }
    var shares = exact.map { Int($0.rounded(.down)) }
    var left = total - shares.reduce(0, +)
    let byRemainder = exact.indices.sorted {
      let (a, b) = (exact[$0] - Double(shares[$0]), exact[$1] - Double(shares[$1]))
      return a != b ? a > b : $0 < $1
    }
    for index in byRemainder where left > 0 {
      shares[index] += 1
      left -= 1
    }
    return shares
  }
}
