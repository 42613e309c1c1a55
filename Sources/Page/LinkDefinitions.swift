import Found
import Outline

#if canImport(Glibc)
  import Glibc
#endif

/// The link reference definitions of a whole Markdown document
/// (`[label]: destination "title"`), so a piece laid out alone still finds
/// a definition that stands in another piece: each piece is laid out with
/// the definitions of the labels it uses put before it, as cmark would
/// have found them in the whole document (the first of a label counts).
///
/// Found by looking at lines, not by parsing: a line that starts (after at
/// most three spaces) with `[label]:` and its title's line if it has one.
/// One inside a code block is taken too, which matters only if the same
/// label is used as a link elsewhere. Labels match as the outline's pieces
/// match them (`LabelKey`, `PieceLabels`). Footnotes (`[^1]:`) are left
/// out: a footnote whose text is in another piece shows as `[^1]`.
struct LinkDefinitions: Sendable {
  /// The first definition of each label (by its key), as lines.
  private var lines: [String: [UInt8]] = [:]
  /// The keys by their hash, as a piece's brackets are kept.
  private var keys: [UInt64: [String]] = [:]

  /// No definitions.
  init() {}

  /// The definitions in `bytes`.
  init(of span: Span<UInt8>) {
    self = span.withUnsafeBufferPointer { Self.found(in: $0) }
  }

  private static func found(in bytes: UnsafeBufferPointer<UInt8>) -> LinkDefinitions {
    var definitions = LinkDefinitions()
    var start = 0
    while start < bytes.count {
      let end = Self.lineEnd(bytes, from: start)
      if let label = Self.definedLabel(bytes, from: start, to: end) {
        var last = end
        // The destination or the title may stand on the next line.
        let next = min(end + 1, bytes.count)
        let rest = Self.trimmed(bytes, from: Self.afterColon(bytes, from: start, to: end), to: end)
        if next < bytes.count,
          rest.isEmpty || Self.startsTitle(bytes, from: next, to: Self.lineEnd(bytes, from: next))
        {
          last = Self.lineEnd(bytes, from: next)
        }
        if definitions.lines[label] == nil {
          var text: [UInt8] = []
          for index in start..<last where bytes[index] != 0x0D { text.append(bytes[index]) }
          definitions.lines[label] = text
          definitions.keys[LabelKey.hash(ofKey: label), default: []].append(label)
        }
        start = last + 1
        continue
      }
      start = end + 1
    }
    return definitions
  }

  /// True when there are none.
  var isEmpty: Bool { lines.isEmpty }

  /// The definitions of the labels `piece` uses in brackets, as lines of
  /// Markdown ending with a blank line; empty when it uses none.
  func prefix(for piece: [UInt8]) -> [UInt8] {
    guard !lines.isEmpty else { return [] }
    let brackets = PieceLabels.scan(piece.span).brackets
    var prefix: [UInt8] = []
    for hash in brackets {
      for key in keys[hash] ?? [] {
        prefix += lines[key]!
        prefix.append(0x0A)
      }
    }
    guard !prefix.isEmpty else { return [] }
    prefix.append(0x0A)
    return prefix
  }

  /// Where the line from `start` ends (memchr: this runs over every line
  /// of a document before its first frame).
  private static func lineEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    guard let base = bytes.baseAddress, start < bytes.count,
      let found = memchr(base + start, 0x0A, bytes.count - start)
    else { return bytes.count }
    return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
  }

  /// The label a definition on the line `start..<end` defines, if it is one.
  private static func definedLabel(
    _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int
  ) -> String? {
    var index = start
    while index < end && index - start < 3 && bytes[index] == 0x20 { index += 1 }
    guard index < end, bytes[index] == 0x5B, index + 1 < end, bytes[index + 1] != 0x5E else {
      return nil
    }
    let open = index
    index += 1
    while index < end && bytes[index] != 0x5D && bytes[index] != 0x5B {
      index += bytes[index] == 0x5C ? 2 : 1
    }
    guard index + 1 < end, bytes[index] == 0x5D, bytes[index + 1] == 0x3A else { return nil }
    var label: [UInt8] = []
    for position in open + 1..<index { label.append(bytes[position]) }
    let key = LabelKey.of(label)
    return key.isEmpty ? nil : key
  }

  private static func afterColon(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int)
    -> Int
  {
    var index = start
    while index < end && bytes[index] != 0x3A { index += 1 }
    return min(index + 1, end)
  }

  private static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int)
    -> Range<Int>
  {
    var low = start
    var high = end
    while low < high && (bytes[low] == 0x20 || bytes[low] == 0x09) { low += 1 }
    while high > low
      && (bytes[high - 1] == 0x20 || bytes[high - 1] == 0x09 || bytes[high - 1] == 0x0D)
    {
      high -= 1
    }
    return low..<high
  }

  private static func startsTitle(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int)
    -> Bool
  {
    let text = trimmed(bytes, from: start, to: end)
    guard let first = text.first.map({ bytes[$0] }) else { return false }
    return first == 0x22 || first == 0x27 || first == 0x28
  }
}
