/// Finding typed text in a line, as a pager's `/` does: without regard to
/// case unless the text typed has a capital (smart case, as `less -i`).
public enum Search {
  /// Where `query` stands in `characters`, as ranges of them.
  public static func ranges(of query: String, in characters: [Character]) -> [Range<Int>] {
    guard !query.isEmpty else { return [] }
    let caseless = !query.contains { $0.isUppercase }
    let wanted = Array(caseless ? query.lowercased() : query)
    let haystack = caseless ? characters.map { Character($0.lowercased()) } : characters
    guard haystack.count == characters.count, wanted.count <= haystack.count else { return [] }
    var found: [Range<Int>] = []
    var index = 0
    while index + wanted.count <= haystack.count {
      if haystack[index] == wanted[0] && Array(haystack[index..<index + wanted.count]) == wanted {
        found.append(index..<index + wanted.count)
        index += wanted.count
      } else {
        index += 1
      }
    }
    return found
  }

  /// True when the bytes may hold `query` (a quick look before a piece is
  /// laid out to be searched): its first word, any ASCII case.
  static func mayHold(_ query: String, in bytes: [UInt8]) -> Bool {
    let word = Array(
      (query.split(separator: " ").max { $0.utf8.count < $1.utf8.count } ?? "").utf8)
    guard let first = word.first, word.allSatisfy({ $0 < 0x80 }) else { return true }
    let lower = word.map { $0 | (($0 >= 0x41 && $0 <= 0x5A) ? 0x20 : 0) }
    let head = lower[0]
    _ = first
    var index = 0
    let count = bytes.count - lower.count
    while index <= count {
      let byte = bytes[index] | ((bytes[index] >= 0x41 && bytes[index] <= 0x5A) ? 0x20 : 0)
      if byte == head {
        var matched = true
        for offset in 1..<lower.count {
          let other = bytes[index + offset]
          if (other | ((other >= 0x41 && other <= 0x5A) ? 0x20 : 0)) != lower[offset] {
            matched = false
            break
          }
        }
        if matched { return true }
      }
      index += 1
    }
    return false
  }
}
