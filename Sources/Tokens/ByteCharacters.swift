/// GPT-2's map of bytes to characters: the printable ones stand for
/// themselves, the others for U+0100 on, in order.
enum ByteCharacters {
  /// For each character of the map (below U+0144), its byte; -1 for none.
  static let bytes: [Int] = {
    var table = [Int](repeating: -1, count: 0x144)
    var next = 0x100
    for byte in 0..<256 {
      let printable = (0x21...0x7E).contains(byte) || (0xA1...0xAC).contains(byte)
        || (0xAE...0xFF).contains(byte)
      if printable {
        table[byte] = byte
      } else {
        table[next] = byte
        next += 1
      }
    }
    return table
  }()

  /// The bytes a token written in the map stands for; nil when a
  /// character is outside it.
  static func decode(_ token: String) -> [UInt8]? {
    var out: [UInt8] = []
    for scalar in token.unicodeScalars {
      let value = Int(scalar.value)
      guard value < bytes.count, bytes[value] >= 0 else { return nil }
      out.append(UInt8(bytes[value]))
    }
    return out
  }
}
