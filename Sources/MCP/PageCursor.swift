import JSON

#if canImport(Glibc)
  import Glibc
#endif

/// Where a paged answer goes on: the tool, a hash of its other arguments,
/// a fingerprint of the files it read (size and modification time) and
/// the position the next page starts at, written as hex with a checksum.
/// A cursor for another tool, other arguments or files changed since is
/// refused, naming it; so is one that is no cursor at all.
struct PageCursor: Equatable {
  var tool: String
  var arguments: UInt64
  var files: UInt64
  var position: Int

  /// The cursor as the agent is given it.
  var text: String {
    let payload = "1|\(tool)|\(Self.hex(arguments))|\(Self.hex(files))|\(position)"
    return Self.hex(Array(payload.utf8)) + Self.hex(Self.hash(Array(payload.utf8)))
  }

  /// The cursor `text` gives back, when it is one this server wrote.
  init?(_ text: String) {
    let digits = Array(text.utf8)
    guard digits.count > 16, digits.count % 2 == 0 else { return nil }
    var bytes: [UInt8] = []
    var index = 0
    while index < digits.count {
      guard let high = Self.nibble(digits[index]), let low = Self.nibble(digits[index + 1]) else {
        return nil
      }
      bytes.append(high << 4 | low)
      index += 2
    }
    let payload = Array(bytes.dropLast(8))
    let sum = bytes.suffix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    guard sum == Self.hash(payload) else { return nil }
    let fields = String(decoding: payload, as: UTF8.self).split(
      separator: "|", omittingEmptySubsequences: false)
    guard fields.count == 5, fields[0] == "1", let arguments = UInt64(fields[2], radix: 16),
      let files = UInt64(fields[3], radix: 16), let position = Int(fields[4]), position >= 0
    else { return nil }
    self.init(tool: String(fields[1]), arguments: arguments, files: files, position: position)
  }

  init(tool: String, arguments: UInt64, files: UInt64, position: Int) {
    self.tool = tool
    self.arguments = arguments
    self.files = files
    self.position = position
  }

  /// The hash of a call's arguments but its cursor (objects are written
  /// with their keys sorted, so the same arguments hash the same).
  static func hash(arguments: [String: JSONValue]) -> UInt64 {
    var members = arguments
    members["cursor"] = nil
    return hash(Array(JSONValue.object(members).text.utf8))
  }

  /// A fingerprint of `paths` (real paths): each one's size and time of
  /// last change; a path gone counts as none.
  static func fingerprint(_ paths: [String]) -> UInt64 {
    var facts = ""
    for path in paths {
      var status = stat()
      if stat(path, &status) == 0 {
        facts += "\(path):\(status.st_size):\(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec);"
      } else {
        facts += "\(path):gone;"
      }
    }
    return hash(Array(facts.utf8))
  }

  /// The size of the file at `path`; nil when it is not there.
  static func size(_ path: String) -> Int? {
    var status = stat()
    return stat(path, &status) == 0 ? Int(status.st_size) : nil
  }

  /// FNV-1a, 64 bits.
  static func hash(_ bytes: [UInt8]) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    return hash
  }

  private static func hex(_ value: UInt64) -> String {
    hex((0..<8).map { UInt8(truncatingIfNeeded: value >> (56 - 8 * $0)) })
  }

  private static func hex(_ bytes: [UInt8]) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var out: [UInt8] = []
    for byte in bytes { out += [digits[Int(byte >> 4)], digits[Int(byte & 15)]] }
    return String(decoding: out, as: UTF8.self)
  }

  private static func nibble(_ digit: UInt8) -> UInt8? {
    switch digit {
    case 0x30...0x39: return digit - 0x30
    case 0x61...0x66: return digit - 0x61 + 10
    default: return nil
    }
  }
}
