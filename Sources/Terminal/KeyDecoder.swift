/// Turns the bytes a terminal sends in raw mode into inputs. A sequence cut
/// off at the end of a read waits for the next; a lone Escape is told from
/// the start of a sequence by a pause (`flush`).
public struct KeyDecoder: Sendable {
  private var pending: [UInt8] = []

  /// A decoder with nothing pending.
  public init() {}

  /// The inputs in `bytes` (with any left over from before).
  public mutating func feed(_ bytes: [UInt8]) -> [TerminalInput] {
    pending += bytes
    var inputs: [TerminalInput] = []
    while !pending.isEmpty {
      guard let (input, length) = decode(pending[...]) else { break }
      pending.removeFirst(length)
      if let input { inputs.append(input) }
    }
    return inputs
  }

  /// After a pause: a lone Escape left waiting is the Escape key.
  public mutating func flush() -> [TerminalInput] {
    guard !pending.isEmpty else { return [] }
    defer { pending.removeAll() }
    return pending == [0x1B] ? [.key(.escape)] : []
  }

  /// True while a sequence cut off waits for the rest.
  public var isWaiting: Bool { !pending.isEmpty }

  /// One input at the start of `bytes` and its length; nil when more
  /// bytes are needed. An unknown sequence is skipped whole.
  private func decode(_ bytes: ArraySlice<UInt8>) -> (TerminalInput?, Int)? {
    let first = bytes[bytes.startIndex]
    switch first {
    case 0x1B:
      return escapeSequence(bytes)
    case 0x0D, 0x0A: return (.key(.enter), 1)
    case 0x20: return (.key(.space), 1)
    case 0x7F, 0x08: return (.key(.backspace), 1)
    case 0x03: return (.key(.interrupt), 1)
    case 0x09: return (.key(.tab), 1)
    case 0x01...0x1A: return (.key(.control(Character(Unicode.Scalar(first + 0x60)))), 1)
    case 0x00..<0x20: return (nil, 1)
    default:
      // A UTF-8 character for the filter.
      let length = first < 0xC0 ? 1 : first < 0xE0 ? 2 : first < 0xF0 ? 3 : 4
      guard bytes.count >= length else { return nil }
      let text = String(decoding: bytes.prefix(length), as: UTF8.self)
      return (text.first.map { .key(.character($0)) }, length)
    }
  }

  private func escapeSequence(_ bytes: ArraySlice<UInt8>) -> (TerminalInput?, Int)? {
    let start = bytes.startIndex
    guard bytes.count >= 2 else { return nil }
    let second = bytes[start + 1]
    if second == UInt8(ascii: "O") {
      guard bytes.count >= 3 else { return nil }
      let keys: [UInt8: Key] = [
        UInt8(ascii: "A"): .up, UInt8(ascii: "B"): .down, UInt8(ascii: "C"): .right,
        UInt8(ascii: "D"): .left, UInt8(ascii: "H"): .home, UInt8(ascii: "F"): .end,
      ]
      return (keys[bytes[start + 2]].map { .key($0) }, 3)
    }
    guard second == UInt8(ascii: "[") else {
      // Escape followed by another key: Escape, then that key.
      return (.key(.escape), 1)
    }
    // A CSI sequence: parameters, then a final byte from @ to ~.
    var end = start + 2
    while end < bytes.endIndex, !(0x40...0x7E).contains(bytes[end]) { end += 1 }
    guard end < bytes.endIndex else { return bytes.count > 64 ? (nil, bytes.count) : nil }
    let final = bytes[end]
    let parameters = String(decoding: bytes[(start + 2)..<end], as: UTF8.self)
    let length = end - start + 1
    if parameters.hasPrefix("<"), final == UInt8(ascii: "M") || final == UInt8(ascii: "m") {
      let numbers = parameters.dropFirst().split(separator: ";").compactMap { Int($0) }
      guard numbers.count == 3 else { return (nil, length) }
      return (
        .mouse(
          button: numbers[0], column: numbers[1], row: numbers[2],
          pressed: final == UInt8(ascii: "M")),
        length
      )
    }
    let numbers = parameters.split(separator: ";").compactMap { Int($0) }
    switch final {
    case UInt8(ascii: "A"): return (.key(.up), length)
    case UInt8(ascii: "B"): return (.key(.down), length)
    case UInt8(ascii: "C"): return (.key(.right), length)
    case UInt8(ascii: "D"): return (.key(.left), length)
    case UInt8(ascii: "H"): return (.key(.home), length)
    case UInt8(ascii: "F"): return (.key(.end), length)
    case UInt8(ascii: "R") where numbers.count == 2:
      return (.cursor(row: numbers[0], column: numbers[1]), length)
    case UInt8(ascii: "~"):
      switch numbers.first {
      case 1, 7: return (.key(.home), length)
      case 4, 8: return (.key(.end), length)
      case 5: return (.key(.pageUp), length)
      case 6: return (.key(.pageDown), length)
      default: return (nil, length)
      }
    default:
      return (nil, length)
    }
  }
}
