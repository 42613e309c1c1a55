/// Text with some characters written as `%XX` (their UTF-8 bytes in
/// upper-case hex), the rest as they are: the one percent-encoder for a
/// record's key, a reader's section key and a CI workflow command, each
/// naming the characters its own syntax reserves.
public enum PercentEncoding {
  /// `text` with every scalar of `reserved` percent-encoded (`%` should be
  /// among them, so that the text reads back).
  public static func escaped(_ text: String, reserving reserved: Set<Unicode.Scalar>) -> String {
    guard text.unicodeScalars.contains(where: reserved.contains) else { return text }
    var result = ""
    for scalar in text.unicodeScalars {
      guard reserved.contains(scalar) else {
        result.unicodeScalars.append(scalar)
        continue
      }
      for byte in String(scalar).utf8 {
        result += "%" + String(byte >> 4, radix: 16, uppercase: true)
          + String(byte & 0xF, radix: 16, uppercase: true)
      }
    }
    return result
  }
}
