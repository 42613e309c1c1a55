/// The fast path for HTML pages: the tokens read in one pass over the
/// bytes and tree building modelled (`HTMLTreeModel`), with exactly the
/// headings, ids, titles and reading of gumbo's whole parse, or nothing
/// when the page holds a construct the model leaves to gumbo.
package enum HTMLFastPath {
  /// The findings of `bytes` (UTF-8), offsets mapped through `mapOffset`; nil
  /// when the page must be parsed whole: a scope other than the whole page
  /// (or `auto` on a page with `<main>` or `<article>`), bytes that are not
  /// valid UTF-8 or hold NUL, or a construct not modelled.
  package static func parse(
    _ bytes: Span<UInt8>, mapOffset: ((Int) -> Int)?, scope: HTMLScope, findsLinks: Bool
  ) -> HTMLFindings? {
    bytes.withUnsafeBufferPointer {
      parse($0, mapOffset: mapOffset, scope: scope, findsLinks: findsLinks)
    }
  }

  /// The same over a buffer, for this module's own callers.
  static func parse(
    _ bytes: UnsafeBufferPointer<UInt8>, mapOffset: ((Int) -> Int)?, scope: HTMLScope,
    findsLinks: Bool
  ) -> HTMLFindings? {
    guard scope == .whole || scope == .auto, !bytes.isEmpty, isPlainUTF8(bytes) else { return nil }
    var builder = HTMLOutlineBuilder(mapOffset: mapOffset ?? { $0 })
    builder.findsLinks = findsLinks
    var model = HTMLTreeModel(bytes: bytes, builder: builder, findsScope: scope == .auto)
    do {
      try model.run()
    } catch {
      return nil
    }
    model.builder.finish()
    return model.builder.result
  }

  /// Whether `bytes` are valid UTF-8 with no control character but white
  /// space and no noncharacter (which gumbo replaces), checked eight bytes
  /// at a time while they are plain ASCII.
  static func isPlainUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    let raw = UnsafeRawBufferPointer(bytes)
    var index = 0
    let count = bytes.count
    while index < count {
      if index + 8 <= count {
        let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
        // No high bit, no byte below 0x20, no DEL.
        let low = (word &- 0x2020_2020_2020_2020) & ~word
        let delete = ((word ^ 0x7F7F_7F7F_7F7F_7F7F) &- 0x0101_0101_0101_0101) & ~word
        if (word | low | delete) & 0x8080_8080_8080_8080 == 0 {
          index += 8
          continue
        }
      }
      let lead = bytes[index]
      if lead < 0x80 {
        guard lead >= 0x20 || lead == 0x09 || lead == 0x0A || lead == 0x0C || lead == 0x0D,
          lead != 0x7F
        else { return false }
        index += 1
        continue
      }
      let length: Int
      var scalar: UInt32
      switch lead {
      case 0xC2...0xDF: (length, scalar) = (2, UInt32(lead & 0x1F))
      case 0xE0...0xEF: (length, scalar) = (3, UInt32(lead & 0x0F))
      case 0xF0...0xF4: (length, scalar) = (4, UInt32(lead & 0x07))
      default: return false
      }
      guard index + length <= count else { return false }
      for offset in 1..<length {
        let byte = bytes[index + offset]
        guard byte & 0xC0 == 0x80 else { return false }
        scalar = scalar << 6 | UInt32(byte & 0x3F)
      }
      let smallest: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
      guard scalar >= smallest, scalar <= 0x10FFFF, !(0xD800...0xDFFF).contains(scalar),
        !(0x80...0x9F).contains(scalar), !(0xFDD0...0xFDEF).contains(scalar),
        scalar & 0xFFFE != 0xFFFE
      else { return false }
      index += length
    }
    return true
  }
}

#if canImport(Glibc)
  import Glibc
#endif
