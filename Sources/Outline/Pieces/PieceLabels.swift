import Found

#if canImport(Glibc)
  import Glibc
#endif

/// What a byte scan of one piece finds about links and footnotes: its
/// candidate definitions (a superset of the real ones, which cmark then
/// tells apart) and the key of every bracketed text in it, which bounds the
/// definitions of other pieces it could use.
///
/// A bracketed text is the bytes between an unescaped `[` and the next
/// unescaped `]`, at most 999 of them, with no blank line: what a link
/// label can be. Followed by `:` and opening its line (after what opens a
/// quote, a list item or a footnote) it is a candidate definition: a
/// footnote's when it reads `^` and then no white space and no `]` (as
/// cmark's `[^label]:` does), a link's otherwise, when a destination
/// follows (see `hasDestination`). A label that spans lines
/// is written on one line (line endings are white space to a label), once
/// as it stands and once without the quote marks and indentation that
/// begin its later lines in a block quote or a list.
public struct PieceLabels: Sendable {
  /// Candidate link labels, as written (on one line).
  var links: [[UInt8]] = []
  /// Candidate footnote labels, without the `^`.
  var footnotes: [[UInt8]] = []
  /// The footnote labels with a candidate outside the fenced code blocks
  /// that a line scan sees at the piece's top level: most likely real.
  var likelyFootnotes: Set<[UInt8]> = []
  /// The same for the link labels.
  var likelyLinks: Set<[UInt8]> = []
  /// The hash of the key of every bracketed text (`LabelKey.hash(of:)`).
  public internal(set) var brackets: Set<UInt64> = []
  /// Those of the bracketed texts that may be link references: all but
  /// the texts of inline links whose destination is plain (`[x](y)`).
  var references: Set<UInt64> = []
  /// Those of the bracketed texts that begin with `^` and open no
  /// candidate definition: the footnote references there may be.
  var noteMarks: Set<UInt64> = []

  /// Another piece's labels added, when two pieces are joined.
  mutating func formUnion(_ other: PieceLabels) {
    links += other.links
    footnotes += other.footnotes
    likelyFootnotes.formUnion(other.likelyFootnotes)
    likelyLinks.formUnion(other.likelyLinks)
    brackets.formUnion(other.brackets)
    noteMarks.formUnion(other.noteMarks)
    references.formUnion(other.references)
  }

  /// The labels of `bytes`.
  public static func scan(_ bytes: Span<UInt8>) -> PieceLabels {
    bytes.withUnsafeBufferPointer { scan($0, range: 0..<$0.count) }
  }

  /// The labels of the bytes in `range`.
  static func scan(_ bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>) -> PieceLabels {
    var labels = PieceLabels()
    guard let base = bytes.baseAddress, !range.isEmpty else { return labels }
    var position = range.lowerBound
    // Each candidate's `]` and the labels it may close.
    var footnoteCandidates: [(end: Int, labels: [[UInt8]])] = []
    var linkCandidates: [(end: Int, label: [UInt8])] = []
    while position < range.upperBound {
      guard let found = memchr(base + position, 0x5D, range.upperBound - position) else { break }
      let close = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
      position = close + 1
      guard !isEscaped(bytes, close, from: range.lowerBound) else { continue }
      var open = close - 1
      let limit = max(close - 1000, range.lowerBound)
      var lineEnds = 0
      var blankLine = false
      var sinceLineEnd = true
      while open >= limit {
        let byte = bytes[open]
        if (byte == 0x5B || byte == 0x5D) && !isEscaped(bytes, open, from: range.lowerBound) {
          break
        }
        if byte == 0x0D && open + 1 < close && bytes[open + 1] == 0x0A {
          // The CR of a CRLF, counted with its LF.
        } else if byte == 0x0A || byte == 0x0D {
          if sinceLineEnd && lineEnds > 0 { blankLine = true }
          lineEnds += 1
          sinceLineEnd = true
        } else if byte != 0x20 && byte != 0x09 {
          sinceLineEnd = false
        }
        open -= 1
      }
      var isDefinition = close + 1 < range.upperBound && bytes[close + 1] == 0x3A
      if isDefinition {
        let found = footnotes(bytes, before: close, from: limit).filter {
          opensLine(bytes, close - $0.count - 2, from: range.lowerBound)
        }
        if !found.isEmpty {
          labels.footnotes += found
          footnoteCandidates.append((close, found))
        }
      }
      guard open >= limit, bytes[open] == 0x5B, !blankLine else { continue }
      let opensDefinition = isDefinition && opensLine(bytes, open, from: range.lowerBound)
      isDefinition =
        opensDefinition && hasDestination(bytes, after: close + 2, before: range.upperBound)
      let text = UnsafeBufferPointer(rebasing: bytes[(open + 1)..<close])
      // A footnote's mark that opens no definition may refer to one.
      let mayRefer = text.first == 0x5E && !opensDefinition
      let inline = isInlineLink(bytes, after: close, before: range.upperBound)
      func add(_ hash: UInt64) {
        labels.brackets.insert(hash)
        if !inline { labels.references.insert(hash) }
        if mayRefer { labels.noteMarks.insert(hash) }
      }
      guard lineEnds > 0 else {
        // Most texts are on one line, and most are no definition.
        add(LabelKey.hash(of: text.span))
        if isDefinition && !isFootnote(text) { linkCandidates.append((close, Array(text))) }
        continue
      }
      for variant in variants(text, spansLines: true) {
        add(LabelKey.hash(of: variant.span))
        if isDefinition && !isFootnote(variant) { linkCandidates.append((close, variant)) }
      }
    }
    labels.links = linkCandidates.map(\.label)
    labels.markLikely(bytes, range: range, footnotes: footnoteCandidates, links: linkCandidates)
    return labels
  }

  /// The candidates outside the fenced code blocks the line scan sees:
  /// each footnote candidate's `]` and labels, each link candidate's.
  private mutating func markLikely(
    _ bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>,
    footnotes: [(end: Int, labels: [[UInt8]])], links: [(end: Int, label: [UInt8])]
  ) {
    if !footnotes.isEmpty {
      let inCode = Self.inFences(bytes, range: range, footnotes.map(\.end))
      for (candidate, inCode) in zip(footnotes, inCode) where !inCode {
        likelyFootnotes.formUnion(candidate.labels)
      }
    }
    if !links.isEmpty {
      let inCode = Self.inFences(bytes, range: range, links.map(\.end))
      for (candidate, inCode) in zip(links, inCode) where !inCode {
        likelyLinks.insert(candidate.label)
      }
    }
  }

  /// For each offset (ascending) in `range`, whether its line stands in a
  /// fenced code block opened at the top level, line endings taken as LF
  /// or CRLF.
  static func inFences(_ bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>, _ offsets: [Int])
    -> [Bool]
  {
    guard let base = bytes.baseAddress else { return offsets.map { _ in false } }
    var result: [Bool] = []
    var fence: (character: UInt8, length: Int)? = nil
    var line = range.lowerBound
    while line < range.upperBound && result.count < offsets.count {
      let end =
        memchr(base + line, 0x0A, range.upperBound - line).map {
          base.distance(to: $0.assumingMemoryBound(to: UInt8.self))
        } ?? range.upperBound
      // A CRLF's CR is no part of the line.
      let textEnd = end > line && bytes[end - 1] == 0x0D ? end - 1 : end
      let text = UnsafeBufferPointer(rebasing: bytes[line..<textEnd])
      // The lines that open and close a fence are not in it.
      var inCode = false
      if let open = fence {
        if MarkdownPieces.closesFence(text, open) { fence = nil } else { inCode = true }
      } else {
        fence = MarkdownPieces.opensFence(text)
      }
      while result.count < offsets.count && offsets[result.count] <= end { result.append(inCode) }
      line = end + 1
    }
    return result + Array(repeating: false, count: offsets.count - result.count)
  }

  /// `[^label]:` as cmark's footnote definitions read it: a caret, then at
  /// least one byte and none of space, tab, CR, LF or `]` (a NUL is
  /// allowed: cmark has made it U+FFFD before it looks).
  static func isFootnote<Text: Collection<UInt8>>(_ text: Text) -> Bool {
    guard text.count > 1, text.first == 0x5E else { return false }
    return !text.dropFirst().contains { [0x20, 0x09, 0x0D, 0x0A, 0x5D].contains($0) }
  }

  /// Every footnote label that a `[^` in the bytes before `close` would
  /// open: cmark's footnote labels hold no white space or `]`, but may
  /// hold `[`, `^` and NUL.
  static func footnotes(_ bytes: UnsafeBufferPointer<UInt8>, before close: Int, from limit: Int)
    -> [[UInt8]]
  {
    var found: [[UInt8]] = []
    var index = close - 1
    while index > limit {
      let byte = bytes[index]
      if [0x20, 0x09, 0x0D, 0x0A, 0x5D].contains(byte) { break }
      if byte == 0x5E && bytes[index - 1] == 0x5B && index + 1 < close {
        found.append(Array(bytes[(index + 1)..<close]))
      }
      index -= 1
    }
    return found
  }

  /// The text on one line: each line ending a space; for a text over
  /// lines, also the same without the `>` marks and indentation that open
  /// its later lines.
  static func variants(_ text: UnsafeBufferPointer<UInt8>, spansLines: Bool) -> [[UInt8]] {
    guard spansLines else { return [Array(text)] }
    var plain: [UInt8] = []
    var stripped: [UInt8] = []
    var lineStart = false
    for byte in text {
      if byte == 0x0A || byte == 0x0D {
        if plain.last != 0x20 { plain.append(0x20) }
        if stripped.last != 0x20 { stripped.append(0x20) }
        lineStart = true
        continue
      }
      plain.append(byte)
      if lineStart && (byte == 0x20 || byte == 0x09 || byte == 0x3E) { continue }
      lineStart = false
      stripped.append(byte)
    }
    return plain == stripped ? [plain] : [plain, stripped]
  }

  /// True when only what opens a container stands before `index` on its
  /// line: indentation, `>`, list markers (`-`, `+`, `*`, digits and `.`
  /// or `)`), or a footnote's `[^label]:` (taken loosely: a superset of
  /// where cmark begins a paragraph, which a definition must begin), or the
  /// byte order mark that cmark skips at the start of the document.
  static func opensLine(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int, from start: Int) -> Bool
  {
    var at = index - 1
    while at >= start {
      switch bytes[at] {
      case 0x0A, 0x0D: return true
      case 0x20, 0x09, 0x3E, 0x2D, 0x2B, 0x2A, 0x2E, 0x29, 0x30...0x39: at -= 1
      case 0x3A: return at > start && bytes[at - 1] == 0x5D
      case 0xBF: return at == 2 && bytes[0] == 0xEF && bytes[1] == 0xBB
      default: return false
      }
    }
    return true
  }

  /// True unless what follows a label's `]:` at `index` cannot make a link
  /// definition: nothing but white space up to a blank line or the end,
  /// or a destination on the same line followed on it by what is neither a
  /// title after white space nor the line's end. Loose where cmark is
  /// strict (a destination on the next line, after a quote's `>` perhaps;
  /// a `<destination>`, parentheses, control characters), so a superset of
  /// cmark's definitions.
  static func hasDestination(_ bytes: UnsafeBufferPointer<UInt8>, after index: Int, before end: Int)
    -> Bool
  {
    func spaces(_ from: Int) -> Int {
      var at = from
      while at < end && (bytes[at] == 0x20 || bytes[at] == 0x09) { at += 1 }
      return at
    }
    func isLineEnd(_ at: Int) -> Bool { at >= end || bytes[at] == 0x0A || bytes[at] == 0x0D }
    var at = spaces(index)
    if isLineEnd(at) {
      // The destination may stand on the next line, which is not blank.
      guard at < end else { return false }
      at += bytes[at] == 0x0D && at + 1 < end && bytes[at + 1] == 0x0A ? 2 : 1
      return !isLineEnd(spaces(at))
    }
    if bytes[at] == 0x3C { return true }
    while at < end && ![0x20, 0x09, 0x0A, 0x0D].contains(bytes[at]) { at += 1 }
    let title = spaces(at)
    if isLineEnd(title) { return true }
    return title > at && [0x22, 0x27, 0x28].contains(bytes[title])
  }

  /// True when the `]` at `close` is followed by `(`, a destination of
  /// plain bytes (none of white space, control characters, `(`, `)`, `<`,
  /// `\` and a table's `|`) and `)`: cmark reads an inline link there
  /// whatever opened it, never a reference.
  static func isInlineLink(_ bytes: UnsafeBufferPointer<UInt8>, after close: Int, before end: Int)
    -> Bool
  {
    guard close + 1 < end, bytes[close + 1] == 0x28 else { return false }
    var at = close + 2
    while at < end {
      let byte = bytes[at]
      if byte == 0x29 { return true }
      if byte <= 0x20 || byte == 0x7F || [0x28, 0x3C, 0x5C, 0x7C].contains(byte) { return false }
      at += 1
    }
    return false
  }

  /// True when an odd run of backslashes, from `start` on, comes before
  /// `index`.
  static func isEscaped(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int, from start: Int) -> Bool
  {
    var slashes = 0
    while index - slashes - 1 >= start && bytes[index - slashes - 1] == 0x5C { slashes += 1 }
    return slashes % 2 == 1
  }
}
