/// Characters that take no room: zero-width space, non-joiner and joiner,
/// word joiner, byte order mark.
enum ZeroWidth {
  /// Whether `scalar` is one of them.
  static func contains(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF: return true
    default: return false
    }
  }
}
