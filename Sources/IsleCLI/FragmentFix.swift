import Links
import Outline

/// `isle check --fix`: a broken fragment with exactly one close suggestion
/// (a heading renamed) rewritten where the link writes it.
///
/// The destination is looked for as cmark or the HTML parser gave it: for
/// an inline link or an HTML tag, the first place after the link's first
/// byte where it stands after `(`, `<`, a quote or `=`; for a
/// reference-style link, in its definition (`]:` then the destination).
/// A destination written otherwise (with escapes or entities) is left
/// alone and stays reported.
enum FragmentFix {
  /// `bytes` with each fixable link of `broken` rewritten, and the links
  /// that were.
  static func apply(_ broken: [BrokenLink], to bytes: [UInt8]) -> (
    bytes: [UInt8], fixed: [BrokenLink]
  ) {
    var edits: [(range: Range<Int>, text: [UInt8], link: BrokenLink)] = []
    for link in broken where isFixable(link) {
      let written = Array(link.target.utf8)
      guard let hash = written.lastIndex(of: 0x23),
        let start = place(of: written, for: link.link, in: bytes)
      else { continue }
      let range = (start + hash + 1)..<(start + written.count)
      guard !edits.contains(where: { $0.range.overlaps(range) || $0.range == range }) else {
        continue
      }
      edits.append((range, Array(link.suggestion!.utf8), link))
    }
    var result = bytes
    for edit in edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
      result.replaceSubrange(edit.range, with: edit.text)
    }
    return (result, edits.map(\.link).sorted { ($0.line, $0.column) < ($1.line, $1.column) })
  }

  /// True for a missing heading with a suggestion, written as a fragment
  /// as it is read (no escapes to undo).
  static func isFixable(_ link: BrokenLink) -> Bool {
    guard link.reason == .noHeading, link.suggestion != nil, let fragment = link.fragment else {
      return false
    }
    return link.target.hasSuffix("#" + fragment)
  }

  /// The offset where the destination `written` stands for `link`.
  static func place(of written: [UInt8], for link: FoundLink, in bytes: [UInt8]) -> Int? {
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
