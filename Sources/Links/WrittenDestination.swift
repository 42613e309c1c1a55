import Outline

/// Where a link's destination stands in the document's bytes, as cmark or
/// the HTML parser gave it: for an inline link or an HTML tag, the first
/// place after the link's first byte where it follows `(`, `<`, a quote or
/// `=`; for a reference-style link, in its definition (`]:` then the
/// destination). Nil when it is written otherwise (with escapes or
/// entities). `isle check --fix` rewrites there; the language server
/// points there.
public enum WrittenDestination {
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
