/// A tiktoken rank file (`cl100k_base.tiktoken`): a line a token, its
/// bytes in base64, a space and its rank.
enum RankFile {
  /// The tokens of `bytes`; a line that is not base64, a space and a
  /// number is an error naming it.
  static func tokens(_ bytes: [UInt8]) throws(TokenizerError) -> [(bytes: [UInt8], rank: UInt32)] {
    var tokens: [(bytes: [UInt8], rank: UInt32)] = []
    tokens.reserveCapacity(bytes.count / 14)
    var line = 0
    var start = 0
    while start < bytes.count {
      line += 1
      var end = start
      while end < bytes.count, bytes[end] != 0x0A { end += 1 }
      var stop = end
      if stop > start, bytes[stop - 1] == 0x0D { stop -= 1 }
      defer { start = end + 1 }
      if stop == start { continue }
      let text = bytes[start..<stop]
      guard let space = text.firstIndex(of: 0x20),
        let token = decode(bytes[start..<space]),
        let rank = UInt32(String(decoding: bytes[(space + 1)..<stop], as: UTF8.self))
      else {
        throw TokenizerError("line \(line) is not a token in base64, a space and its rank")
      }
      tokens.append((token, rank))
    }
    guard !tokens.isEmpty else { throw TokenizerError("holds no tokens") }
    return tokens
  }

  /// Base64 (`+` and `/`, `=` padding) decoded; nil when it is not.
  static func decode(_ text: ArraySlice<UInt8>) -> [UInt8]? {
    var result: [UInt8] = []
    result.reserveCapacity(text.count * 3 / 4)
    var buffer: UInt32 = 0
    var bits = 0
    var padding = 0
    for byte in text {
      let value: UInt32
      switch byte {
      case 0x41...0x5A: value = UInt32(byte - 0x41)
      case 0x61...0x7A: value = UInt32(byte - 0x61 + 26)
      case 0x30...0x39: value = UInt32(byte - 0x30 + 52)
      case 0x2B: value = 62
      case 0x2F: value = 63
      case 0x3D:
        padding += 1
        continue
      default: return nil
      }
      if padding > 0 { return nil }
      buffer = buffer << 6 | value
      bits += 6
      if bits >= 8 {
        bits -= 8
        result.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits)))
      }
    }
    return text.isEmpty || padding > 2 ? nil : result
  }

  /// The pattern a rank file's encoding splits text with: the one its
  /// name says (`o200k`, `cl100k`, `r50k`, `p50k`, `gpt2`), else by how
  /// many tokens it has (o200k_base 199,998, cl100k_base 100,256, the
  /// 50k encodings about 50,000).
  static func preSplit(name: String, tokens: Int) -> PreSplit {
    let lower = name.lowercased()
    if lower.contains("o200k") { return .o200k }
    if lower.contains("cl100k") { return .cl100k }
    if lower.contains("r50k") || lower.contains("p50k") || lower.contains("gpt2") { return .r50k }
    return tokens > 150_000 ? .o200k : tokens > 75_000 ? .cl100k : .r50k
  }
}
