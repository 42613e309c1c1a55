/// git's wildmatch with `WM_PATHNAME`, over bytes: `*` and `?` never match
/// `/`; `**` between slashes (or at an end) matches any number of folders;
/// `[...]` is a set (`!` or `^` inverts it, `a-z` is a range); a backslash
/// makes the next byte plain; a `[` never closed matches nothing.
public enum Wildmatch {
  /// True when `glob` matches the whole of `text`.
  public static func matches(_ glob: [UInt8], _ text: [UInt8]) -> Bool {
    match(glob, 0, text, 0)
  }

  private static let slash = UInt8(ascii: "/")
  private static let star = UInt8(ascii: "*")

  private static func match(_ p: [UInt8], _ start: Int, _ s: [UInt8], _ from: Int) -> Bool {
    var pi = start
    var si = from
    while pi < p.count {
      switch p[pi] {
      case star:
        var end = pi + 1
        while end < p.count && p[end] == star { end += 1 }
        let double = end - pi >= 2
        let bounded = (pi == 0 || p[pi - 1] == slash) && (end == p.count || p[end] == slash)
        if double && bounded {
          // `**` at the end takes everything left; `**/` zero or more folders.
          if end == p.count { return true }
          let rest = end + 1
          if match(p, rest, s, si) { return true }
          var k = si
          while k < s.count {
            if s[k] == slash && match(p, rest, s, k + 1) { return true }
            k += 1
          }
          return false
        }
        var k = si
        while true {
          if match(p, end, s, k) { return true }
          if k == s.count || s[k] == slash { return false }
          k += 1
        }
      case UInt8(ascii: "?"):
        guard si < s.count, s[si] != slash else { return false }
        pi += 1
        si += 1
      case UInt8(ascii: "["):
        // A set never closed matches nothing, as in git.
        guard let (matched, next) = set(p, pi, s, si), matched else { return false }
        pi = next
        si += 1
      default:
        var literal = p[pi]
        if literal == UInt8(ascii: "\\") && pi + 1 < p.count {
          pi += 1
          literal = p[pi]
        }
        guard si < s.count, s[si] == literal else { return false }
        pi += 1
        si += 1
      }
    }
    return si == s.count
  }

  /// Whether the set opening at `p[open]` matches `s[si]`, and where the
  /// glob goes on; nil when the set is never closed.
  private static func set(_ p: [UInt8], _ open: Int, _ s: [UInt8], _ si: Int) -> (Bool, Int)? {
    var j = open + 1
    let inverted = j < p.count && (p[j] == UInt8(ascii: "!") || p[j] == UInt8(ascii: "^"))
    if inverted { j += 1 }
    var found = false
    var first = true
    let byte: UInt8? = si < s.count && s[si] != slash ? s[si] : nil
    while j < p.count {
      if p[j] == UInt8(ascii: "]") && !first { break }
      first = false
      var low = p[j]
      if low == UInt8(ascii: "\\") && j + 1 < p.count {
        j += 1
        low = p[j]
      }
      var high = low
      if j + 2 < p.count && p[j + 1] == UInt8(ascii: "-") && p[j + 2] != UInt8(ascii: "]") {
        high = p[j + 2]
        j += 2
      }
      if let byte, low <= byte && byte <= high { found = true }
      j += 1
    }
    guard j < p.count else { return nil }
    guard byte != nil else { return (false, j + 1) }
    return (found != inverted, j + 1)
  }
}
