/// o200k_base's two rules for words, which split a word before a capital
/// (`camelCase` is `camel` and `Case`), as its regular expression has them
/// with its backtracking:
///
/// `[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?`
/// `[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?`
enum O200kLetters {
  /// `[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]`.
  static let capital = ScalarClass.upper | ScalarClass.otherLetter | ScalarClass.mark
  /// `[\p{Ll}\p{Lm}\p{Lo}\p{M}]`.
  static let small = ScalarClass.lower | ScalarClass.otherLetter | ScalarClass.mark

  /// The starts the optional first scalar allows: after it, then without
  /// it (the greedy `?` tries it first).
  @inline(__always) static func starts(at i: Int, in text: Scalars) -> (Int, Int?) {
    let own = text.classes[i]
    let prefix = own & (ScalarClass.letter | ScalarClass.number | ScalarClass.newline) == 0
    return prefix ? (i + 1, i) : (i, nil)
  }

  /// The first rule: capitals, then at least one small letter. The
  /// capitals' run gives back scalars until one small letter follows.
  static func lowerEnd(at i: Int, in text: Scalars) -> Int? {
    let (first, second) = starts(at: i, in: text)
    if let end = lowerEnd(from: first, in: text) { return end }
    return second.flatMap { lowerEnd(from: $0, in: text) }
  }

  private static func lowerEnd(from start: Int, in text: Scalars) -> Int? {
    guard start < text.count else { return nil }
    var split = text.run(from: start, of: capital)
    while split >= start {
      if split < text.count, text.classes[split] & small != 0 {
        return suffix(after: text.run(from: split, of: small), in: text)
      }
      split -= 1
    }
    return nil
  }

  /// The second rule: at least one capital, then small letters.
  static func upperEnd(at i: Int, in text: Scalars) -> Int? {
    let (first, second) = starts(at: i, in: text)
    if let end = upperEnd(from: first, in: text) { return end }
    return second.flatMap { upperEnd(from: $0, in: text) }
  }

  private static func upperEnd(from start: Int, in text: Scalars) -> Int? {
    guard start < text.count else { return nil }
    let capitals = text.run(from: start, of: capital)
    return capitals > start ? suffix(after: text.run(from: capitals, of: small), in: text) : nil
  }

  /// `(?i:'s|'t|'re|'ve|'m|'ll|'d)?` after `end`.
  @inline(__always) static func suffix(after end: Int, in text: Scalars) -> Int {
    guard end < text.count, text.scalars[end] == 0x27 else { return end }
    return text.contraction(at: end, ignoringCase: true, short: "stmd", long: ["re", "ve", "ll"])
      ?? end
  }
}
