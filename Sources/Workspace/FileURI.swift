/// `file://` URIs and the paths they name (RFC 8089): percent-encoded
/// bytes decoded, and encoded again where a path needs it.
public enum FileURI {
  /// The absolute path `uri` names; nil for another scheme.
  public static func path(_ uri: String) -> String? {
    guard uri.hasPrefix("file://") else { return nil }
    var rest = uri.dropFirst("file://".count)
    // `file://host/path`: the host is ours or empty.
    if !rest.hasPrefix("/") {
      guard let slash = rest.firstIndex(of: "/") else { return nil }
      rest = rest[slash...]
    }
    var bytes: [UInt8] = []
    var utf8 = Array(rest.utf8)[...]
    while let byte = utf8.popFirst() {
      if byte == 0x25, utf8.count >= 2, let high = hex(utf8[utf8.startIndex]),
        let low = hex(utf8[utf8.startIndex + 1])
      {
        bytes.append(high << 4 | low)
        utf8 = utf8.dropFirst(2)
      } else {
        bytes.append(byte)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The URI of absolute `path`, with every byte outside RFC 3986's
  /// unreserved set and `/` percent-encoded (as VS Code writes them).
  public static func uri(_ path: String) -> String {
    var result = "file://"
    for byte in path.utf8 {
      switch byte {
      case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2D, 0x2E, 0x5F, 0x7E, 0x2F:
        result.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        let digits = Array("0123456789ABCDEF".unicodeScalars)
        result += "%"
        result.unicodeScalars.append(digits[Int(byte >> 4)])
        result.unicodeScalars.append(digits[Int(byte & 0xF)])
      }
    }
    return result
  }

  private static func hex(_ byte: UInt8) -> UInt8? {
    switch byte {
    case 0x30...0x39: return byte - 0x30
    case 0x41...0x46: return byte - 0x41 + 10
    case 0x61...0x66: return byte - 0x61 + 10
    default: return nil
    }
  }
}
