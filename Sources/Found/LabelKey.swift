import CUtf8proc
import ReadingTime

/// A key that link labels cmark matches share: white space collapsed and
/// trimmed, Unicode case folding (utf8proc's, as cmark folds), NUL and
/// invalid UTF-8 read as U+FFFD (as cmark reads them). It may join a few
/// labels cmark keeps apart (it collapses all Unicode white space, cmark
/// only ASCII), which only costs a probe's certainty; it must never keep
/// apart labels cmark joins.
public enum LabelKey {
  /// The key of `text`; ASCII text without building a `String` twice.
  @inlinable public static func of<Bytes: Collection>(_ text: Bytes) -> String
  where Bytes.Element == UInt8 {
    guard text.allSatisfy({ $0 < 0x80 && $0 != 0 }) else {
      return unicode(String(decoding: text, as: UTF8.self))
    }
    var key: [UInt8] = []
    key.reserveCapacity(text.count)
    var space = false
    for byte in text {
      if byte == 0x20 || (0x09...0x0D).contains(byte) {
        space = !key.isEmpty
        continue
      }
      if space {
        key.append(0x20)
        space = false
      }
      key.append(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte)
    }
    return String(decoding: key, as: UTF8.self)
  }

  /// The key of a text that is not all ASCII, scalar by scalar: white
  /// space collapsed, each scalar case folded (`ẞ`, `ß` and `SS` all `ss`),
  /// scalars that folding leaves alone copied.
  @usableFromInline static func unicode(_ text: String) -> String {
    var key = ""
    key.reserveCapacity(text.utf8.count)
    var space = false
    var folded = [utf8proc_int32_t](repeating: 0, count: 8)
    for read in text.unicodeScalars {
      let scalar = read.value == 0 ? Unicode.Scalar(0xFFFD)! : read
      // Letters of scripts without case, and letters and spaces whose
      // class word counting knows, skip the properties' lookup.
      if CJK.contains(scalar) || (0x5D0...0x6FF).contains(scalar.value) {
        if space {
          key.unicodeScalars.append(" ")
          space = false
        }
        key.unicodeScalars.append(scalar)
        continue
      }
      let properties = scalar.properties
      if properties.isWhitespace {
        space = !key.isEmpty
        continue
      }
      if space {
        key.unicodeScalars.append(" ")
        space = false
      }
      if scalar.isASCII {
        let value = scalar.value
        key.unicodeScalars.append(
          value >= 0x41 && value <= 0x5A ? Unicode.Scalar(value + 0x20)! : scalar)
      } else if properties.changesWhenCaseMapped {
        var boundary: utf8proc_int32_t = 0
        let count = utf8proc_decompose_char(
          utf8proc_int32_t(scalar.value), &folded, folded.count,
          utf8proc_option_t(rawValue: UTF8PROC_CASEFOLD.rawValue), &boundary)
        for index in 0..<max(count, 0) {
          key.unicodeScalars.append(Unicode.Scalar(UInt32(folded[index])) ?? scalar)
        }
        if count <= 0 { key.unicodeScalars.append(scalar) }
      } else {
        key.unicodeScalars.append(scalar)
      }
    }
    return key
  }

  /// A 64-bit hash (FNV-1a) of the key of `text`, made without building
  /// the key when the text is ASCII: what a piece keeps of each bracketed
  /// text, to be matched with `hash(ofKey:)` of the definitions' keys.
  /// Two keys may share a hash; a match is only ever a candidate.
  @inlinable package static func hash(of text: Span<UInt8>) -> UInt64 {
    text.withUnsafeBufferPointer { hash(of: $0) }
  }

  /// The same over a buffer, for this module's own callers.
  @inlinable static func hash(of text: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var hash = offsetBasis
    var space = false
    var started = false
    for byte in text {
      if byte >= 0x80 || byte == 0 { return self.hash(ofKey: of(text)) }
      if byte == 0x20 || (0x09...0x0D).contains(byte) {
        space = started
        continue
      }
      if space {
        hash = (hash ^ 0x20) &* prime
        space = false
      }
      started = true
      hash = (hash ^ UInt64(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte)) &* prime
    }
    return hash
  }

  /// The hash of a key made by `of`, as `hash(of:)` gives it for the text.
  @inlinable public static func hash(ofKey key: String) -> UInt64 {
    var hash = offsetBasis
    for byte in key.utf8 { hash = (hash ^ UInt64(byte)) &* prime }
    return hash
  }

  @usableFromInline static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
  @usableFromInline static let prime: UInt64 = 0x0000_0100_0000_01b3
}
