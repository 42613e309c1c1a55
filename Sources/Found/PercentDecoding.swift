/// `%XX` escapes, as links write the fragments and paths they point to.
public enum PercentDecoding {
  /// `text` with its `%XX` escapes decoded as UTF-8; a malformed escape
  /// stays as written, and text that decodes to invalid UTF-8 is returned
  /// unchanged.
  public static func decoded(_ text: String) -> String {
    guard text.contains("%") else { return text }
    var bytes: [UInt8] = []
    var utf8 = Array(text.utf8)[...]
    while let byte = utf8.popFirst() {
      if byte == 0x25, utf8.count >= 2,
        let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16)
      {
        bytes.append(value)
        utf8 = utf8.dropFirst(2)
      } else {
        bytes.append(byte)
      }
    }
    return String(validating: bytes, as: UTF8.self) ?? text
  }
}
