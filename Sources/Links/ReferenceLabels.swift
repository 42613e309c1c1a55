import Found
import Outline

/// The reference labels of a Markdown document, as cmark-gfm matched
/// them: its definitions (`[label]: destination`), which of them no link
/// uses and which share a label, and the references whose label has no
/// definition (`[text][label]`, `[label][]`), which cmark leaves as text.
///
/// A shortcut (`[label]` alone) that names no definition is not counted
/// among the undefined: it is as often text in brackets (`[sic]`, `[1]`,
/// a task's `[x]`), so markdownlint's `reference-links-images` leaves it
/// unless asked.
public struct ReferenceLabels: Sendable {
  /// One reference definition as written.
  public struct Definition: Sendable {
    /// The definition as the outline found it.
    public var link: FoundLink
    /// The key its label is matched by.
    public var key: String
    /// Its label's bytes, between the brackets.
    public var label: Range<Int>
    /// From its `[` through its destination, or its title when it has one.
    public var extent: Range<Int>
    /// Its whole lines: from the start of the first to the start of the
    /// line after the last (the end of the document for the last line).
    public var lines: Range<Int>
    /// No reference uses it: nothing uses its label, or a definition of
    /// the same label comes first (cmark takes the first).
    public var isUnused: Bool
    /// Another definition has the same label.
    public var isDuplicate: Bool
    /// It opens its line (at most three spaces before it), outside any
    /// quote or list: a line that can be moved as it is.
    public var standsAlone: Bool
  }

  /// A reference whose label names no definition.
  public struct Undefined: Sendable, Equatable {
    /// The label's bytes, between its brackets (the text's for `[x][]`).
    public var label: Range<Int>
    /// The key it would be matched by.
    public var key: String
  }

  public private(set) var definitions: [Definition] = []
  public private(set) var undefined: [Undefined] = []
  /// The keys some reference uses.
  public private(set) var used: Set<String> = []

  /// The labels of the document `bytes`, whose links the outline found.
  public init(_ links: DocumentLinks, bytes: [UInt8], lines: LineIndex) {
    var first: [String: Int] = [:]
    var count: [String: Int] = [:]
    for link in links.links {
      guard let key = link.labelKey else { continue }
      if link.kind == .definition {
        if first[key] == nil { first[key] = link.offset }
        count[key, default: 0] += 1
      } else if link.kind == .reference {
        used.insert(key)
      }
    }
    for link in links.links where link.kind == .definition {
      guard let key = link.labelKey, let label = link.labelRange else { continue }
      let extent = link.offset..<Self.end(of: link, in: bytes)
      let start = lines.lineStart(at: link.offset)
      let last = max(extent.upperBound - 1, link.offset)
      definitions.append(
        Definition(
          link: link, key: key, label: label, extent: extent,
          lines: start..<min(lines.lineEnd(at: last), bytes.count),
          isUnused: first[key] != link.offset || !used.contains(key),
          isDuplicate: count[key, default: 0] > 1,
          standsAlone: link.offset - start <= 3
            && bytes[start..<link.offset].allSatisfy { $0 == 0x20 }))
    }
    undefined = Self.undefined(links.strayClosers, bytes: bytes, defined: Set(first.keys))
  }

  /// The references among the `]`s cmark left as text: a `]` followed at
  /// once by `[label]` whose `]` it left too, or by `[]`.
  static func undefined(_ closers: [Int], bytes: [UInt8], defined: Set<String>) -> [Undefined] {
    let stray = Set(closers)
    var found: [Undefined] = []
    for (index, close) in closers.enumerated() {
      let open = close + 1
      guard open < bytes.count, bytes[open] == 0x5B, let start = opener(before: close, in: bytes)
      else { continue }
      let label: Range<Int>
      if stray.contains(open + 1) {
        label = (start + 1)..<close
      } else {
        guard index + 1 < closers.count else { continue }
        let end = closers[index + 1]
        label = (open + 1)..<end
        guard end - open <= 1000, !bytes[label].contains(where: { $0 == 0x5B || $0 == 0x5D })
        else { continue }
      }
      let key = LabelKey.of(bytes[label])
      guard !key.isEmpty, !key.hasPrefix("^"), !defined.contains(key) else { continue }
      found.append(Undefined(label: label, key: key))
    }
    return found
  }

  /// The unescaped `[` that the `]` at `close` pairs with, nested brackets
  /// counted; nil past a label's length or a blank line.
  static func opener(before close: Int, in bytes: [UInt8]) -> Int? {
    var depth = 0
    var at = close - 1
    while at >= 0, close - at <= 1000 {
      let byte = bytes[at]
      if byte == 0x0A, at > 0, bytes[at - 1] == 0x0A { return nil }
      if byte == 0x5B || byte == 0x5D, !isEscaped(at, in: bytes) {
        if byte == 0x5D {
          depth += 1
        } else if depth == 0 {
          return at
        } else {
          depth -= 1
        }
      }
      at -= 1
    }
    return nil
  }

  /// The end of a definition: after its destination (and the `>` of
  /// `<destination>`), or after a title on the same line.
  static func end(of link: FoundLink, in bytes: [UInt8]) -> Int {
    guard let destination = link.destinationRange else { return link.offset + 1 }
    var at = destination.upperBound
    if at < bytes.count, bytes[at] == 0x3E { at += 1 }
    let end = at
    while at < bytes.count, bytes[at] == 0x20 || bytes[at] == 0x09 { at += 1 }
    guard at > end, at < bytes.count, let closer = titleCloser(bytes[at]) else { return end }
    var scan = at + 1
    while scan < bytes.count {
      if bytes[scan] == 0x5C {
        scan += 2
        continue
      }
      if bytes[scan] == closer { return scan + 1 }
      if bytes[scan] == 0x0A, scan + 1 < bytes.count, bytes[scan + 1] == 0x0A { break }
      scan += 1
    }
    return end
  }

  /// The byte that closes a link title opened by `byte` (`"`, `'`, `(`);
  /// nil for a byte that opens none.
  public static func titleCloser(_ byte: UInt8) -> UInt8? {
    switch byte {
    case 0x22: 0x22
    case 0x27: 0x27
    case 0x28: 0x29
    default: nil
    }
  }

  /// True when an odd run of backslashes stands before `index`.
  static func isEscaped(_ index: Int, in bytes: [UInt8]) -> Bool {
    var slashes = 0
    while index - slashes - 1 >= 0 && bytes[index - slashes - 1] == 0x5C { slashes += 1 }
    return slashes % 2 == 1
  }
}
