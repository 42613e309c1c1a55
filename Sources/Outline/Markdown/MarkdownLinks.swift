import Found
import HTMLOutline

/// The links and raw HTML anchors of cmark's inline nodes, placed at
/// their bytes in the document.
///
/// cmark's inline columns count from where it starts reading a line, and a
/// paragraph's continuation lines are read after their indentation is
/// stripped, so a column can fall short of the link's first byte; the link
/// is placed at its opening `[`, `!` or `<`, found from cmark's column on
/// along the same line. Whether a link is reference-style is read from the
/// byte that closes it: `]` rather than `)` or `>`.
enum MarkdownLinks {
  /// The link or image `node` is, or nil when it has no destination;
  /// placed at `start` when the inline cursor found it there (its kind
  /// and label are then given when it closes).
  static func link(
    _ node: Cmark.Node, isImage: Bool, at start: Int?, bytes: UnsafeBufferPointer<UInt8>,
    lines: LineIndex, pieceLines: PieceLines
  ) -> FoundLink? {
    guard let url = node.url else { return nil }
    if let start {
      return FoundLink(destination: url, kind: isImage ? .image : .link, offset: start)
    }
    let line = pieceLines.line(node.startLine)
    let reported = position(line: line, column: node.startColumn, lines: lines)
    let lineEnd = min(lines.offset(ofLine: line + 1), bytes.count)
    var offset = reported
    let opener: UInt8 = isImage ? 0x21 : 0x5B
    if offset < lineEnd, bytes[offset] != opener, bytes[offset] != 0x3C,
      let found = (offset..<lineEnd).first(where: { bytes[$0] == opener })
    {
      offset = found
    }
    let endLine = pieceLines.line(node.endLine)
    var end = position(line: endLine, column: node.endColumn, lines: lines)
    if endLine == line { end += offset - reported }
    let closer = end < bytes.count ? bytes[end] : 0
    let kind: FoundLink.Kind = closer == 0x5D ? .reference : isImage ? .image : .link
    var link = FoundLink(destination: url, kind: kind, offset: offset)
    if kind == .reference { link.label = label(bytes, from: offset + (isImage ? 1 : 0), to: end) }
    return link
  }

  /// The label of a reference-style link from the `[` that opens it to the
  /// `]` that closes it: the last brackets' text (`[text][label]`), else
  /// the text itself (`[label][]`, `[label]`).
  static func label(_ bytes: UnsafeBufferPointer<UInt8>, from open: Int, to close: Int) -> [UInt8]?
  {
    guard open < close, close < bytes.count, bytes[open] == 0x5B else { return nil }
    if bytes[close - 1] == 0x5B, close - 2 > open { return Array(bytes[(open + 1)..<(close - 2)]) }
    var index = close - 1
    while index > open && !(bytes[index] == 0x5B && !PieceLabels.isEscaped(bytes, index, from: 0)) {
      index -= 1
    }
    return Array(bytes[(index + 1)..<close])
  }

  /// The links and anchors of an inline HTML tag (`<a name="x">`,
  /// `<img src="y.png">`), read by the HTML parser; nothing for a tag
  /// that has no attribute a link or a fragment could use.
  static func inlineHTML(
    _ node: Cmark.Node, at start: Int?, bytes: UnsafeBufferPointer<UInt8>, lines: LineIndex,
    pieceLines: PieceLines
  ) -> Findings {
    var findings = Findings()
    node.withLiteral { literal in
      guard mayHoldLink(literal) else { return }
      let line = pieceLines.line(node.startLine)
      let reported = position(line: line, column: node.startColumn, lines: lines)
      let lineEnd = min(lines.offset(ofLine: line + 1), bytes.count)
      let found =
        reported < lineEnd && bytes[reported] != 0x3C
        ? (reported..<lineEnd).first { bytes[$0] == 0x3C } ?? reported : reported
      let offset = start ?? found
      let parsed = HTMLParser.parse(literal.span, base: offset, findsLinks: true).text
      findings.links = parsed.links
      findings.anchors = parsed.anchors
    }
    return findings
  }

  /// The byte at cmark's 1-based `column` of the document's `line`.
  private static func position(line: Int, column: Int32, lines: LineIndex) -> Int {
    min(lines.offset(ofLine: line) + max(Int(column) - 1, 0), lines.size)
  }

  /// True when the tag names `href`, `src`, `id` or `name` (any case):
  /// only those are worth an HTML parse.
  private static func mayHoldLink(_ literal: UnsafeBufferPointer<UInt8>) -> Bool {
    let lowered = literal.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
    for word in ["href", "src", "id", "name"] {
      let pattern = Array(word.utf8)
      if lowered.count >= pattern.count,
        (0...(lowered.count - pattern.count)).contains(where: {
          lowered[$0..<($0 + pattern.count)].elementsEqual(pattern)
        })
      {
        return true
      }
    }
    return false
  }
}
