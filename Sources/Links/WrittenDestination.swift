import Found
import Outline

/// Where a link's destination stands in the document's bytes, as cmark or
/// the HTML parser gave it: for an inline link or an HTML tag, the first
/// spot after the link's first byte where it follows `(`, `<`, a quote or
/// `=`; for a reference-style link, in its definition (`]:` then the
/// destination). Nil when it is written otherwise (with escapes or
/// entities). `isle check --fix` rewrites there; the language server
/// points there.
public enum WrittenDestination {
  /// The bytes of `link`'s destination as written: where the outline found
  /// them, else where `offset(of:for:in:)` finds the destination as given.
  public static func range(for link: FoundLink, in bytes: [UInt8]) -> Range<Int>? {
    if let range = link.destinationRange, range.upperBound <= bytes.count { return range }
    let written = Array(link.destination.utf8)
    return offset(of: written, for: link, in: bytes).map { $0..<($0 + written.count) }
  }

  /// The offset where the destination `written` stands for `link`.
  public static func offset(of written: [UInt8], for link: FoundLink, in bytes: [UInt8]) -> Int? {
    if link.kind == .reference {
      return definition(of: written, in: bytes)
    }
    let limit = min(bytes.count, link.offset + 4096)
    var index = link.offset
    while let found = find(written, in: bytes, from: index, before: limit) {
      if found > 0, [0x28, 0x3C, 0x22, 0x27, 0x3D].contains(bytes[found - 1]) { return found }
      index = found + 1
    }
    return nil
  }

  /// Where each reference definition's destination stands, by the
  /// destination as written, read in one pass: `]:`, white space, then the
  /// destination (or `<destination>`); the first definition of each. What
  /// `offset(of:for:in:)` finds for a reference-style link, for documents
  /// with thousands of them.
  public static func definitions(in bytes: [UInt8]) -> [String: Int] {
    var found: [String: Int] = [:]
    var index = 1
    while index < bytes.count {
      defer { index += 1 }
      guard bytes[index] == 0x3A, bytes[index - 1] == 0x5D else { continue }
      var start = index + 1
      while start < bytes.count && (bytes[start] == 0x20 || bytes[start] == 0x09) { start += 1 }
      guard start > index + 1 else { continue }
      if start < bytes.count && bytes[start] == 0x3C { start += 1 }
      var end = start
      while end < bytes.count, ![0x20, 0x09, 0x0A, 0x0D, 0x3E].contains(bytes[end]) { end += 1 }
      guard end > start else { continue }
      let destination = String(decoding: bytes[start..<end], as: UTF8.self)
      if found[destination] == nil { found[destination] = start }
      index = end - 1
    }
    return found
  }

  /// Where `]:` and white space are followed by `written` (or `<written`).
  static func definition(of written: [UInt8], in bytes: [UInt8]) -> Int? {
    var index = 0
    while let found = find(written, in: bytes, from: index, before: bytes.count) {
      var before = found - 1
      if before >= 0 && bytes[before] == 0x3C { before -= 1 }
      var spaced = false
      while before >= 0 && (bytes[before] == 0x20 || bytes[before] == 0x09) {
        before -= 1
        spaced = true
      }
      if spaced, before >= 1, bytes[before] == 0x3A, bytes[before - 1] == 0x5D { return found }
      index = found + 1
    }
    return nil
  }

  private static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int, before end: Int)
    -> Int?
  {
    guard !needle.isEmpty, end - start >= needle.count else { return nil }
    for index in start...(end - needle.count)
    where bytes[index] == needle[0] && bytes[index..<(index + needle.count)].elementsEqual(needle) {
      return index
    }
    return nil
  }
}
