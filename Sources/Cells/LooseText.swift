import CUtf8proc

#if canImport(Glibc)
  import Glibc
#endif

/// Text as a person types it to find something: case, diacritics and
/// compatibility forms folded away, so `uber` finds `Über`, `cafe` finds
/// `Café` and `ﬁle` finds `file` (utf8proc's case folding, compatibility
/// decomposition and mark stripping).
public enum LooseText {
  /// `text` folded for matching.
  public static func folded(_ text: String) -> String {
    if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.lowercased() }
    var copy = text
    return copy.withUTF8 { bytes -> String in
      var result: UnsafeMutablePointer<utf8proc_uint8_t>? = nil
      let options = utf8proc_option_t(
        rawValue: UTF8PROC_STABLE.rawValue | UTF8PROC_COMPAT.rawValue
          | UTF8PROC_CASEFOLD.rawValue | UTF8PROC_STRIPMARK.rawValue
          | UTF8PROC_DECOMPOSE.rawValue)
      let length = utf8proc_map(bytes.baseAddress, bytes.count, &result, options)
      guard length >= 0, let result else { return text.lowercased() }
      defer { free(result) }
      return String(
        decoding: UnsafeBufferPointer(start: result, count: length), as: UTF8.self)
    }
  }
}
