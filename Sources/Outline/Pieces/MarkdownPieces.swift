import Parallel

#if canImport(Glibc)
  import Glibc
#endif

/// A large Markdown document parsed in pieces on every core, with the same
/// result as one parse of the whole.
///
/// **Where it is cut.** Before an ATX heading at the first column outside
/// a top-level fence or HTML block: such a line closes every list and
/// quote, interrupts a paragraph and a table, and ends an indented code
/// block, so the blocks before it are the same whether it or the end of the
/// document follows them. The scan that proposes the cuts is cheap and may
/// be wrong; cmark decides: a piece whose last block still runs on at its
/// end (a fence left open, an HTML block up to its last line) is joined to
/// the next one and parsed again.
///
/// **References.** Links and footnotes refer to definitions anywhere in
/// the document. A byte scan of each piece finds its candidate definitions
/// (a superset of the real ones) and the keys of its bracketed texts; each
/// piece is parsed with what other pieces may define given before it, and
/// probes for its own, which tell the real definitions and the footnotes
/// referred to; a piece whose parse could differ from the whole's is
/// parsed again with exactly what the whole gives it (`PieceLedger`).
///
/// What is parsed whole, decided before any piece is parsed: a link label
/// that begins with `^` (its probe would be a footnote reference), and a
/// document whose pieces would be given more to read than they hold (the
/// split cannot be done sooner). After the pieces, and never seen in a real
/// document: labels that the scan's keys take as one but cmark does not (a
/// probe shows it), and references that have not settled after a few
/// rounds.
enum MarkdownPieces {
  /// Documents smaller than this are parsed whole.
  static let smallest = 2 << 20
  /// About how many bytes a piece holds.
  static let pieceSize = 128 << 10

  /// The size of a document's pieces: `pieceSize`, smaller for a document
  /// under 16 MiB (down to half), a 128th of it. Each core parses a piece
  /// at a time, in memory some ten times the piece's size, beside what
  /// isle needs whatever the document: smaller pieces keep the peak in
  /// proportion to the document, as a whole parse's is.
  static func pieceSize(for count: Int) -> Int {
    min(max(count / 128, pieceSize / 2), pieceSize)
  }

  /// Parses `bytes` as `MarkdownParser` does, in pieces when it is large
  /// and `split` allows; says in how many pieces. Without `weighsCost`,
  /// in pieces even where they would cost more than the whole.
  static func parse(
    _ bytes: UnsafeBufferPointer<UInt8>, lines: LineIndex, hiddenPrefix: Int, maxDepth: Int,
    split: Bool, pieceSize: Int? = nil, smallest: Int = smallest,
    release: Outliner.Release? = nil, weighsCost: Bool = true, findsDefinitions: Bool = false
  ) throws(OutlineError) -> PieceParse.Outcome {
    var document = PieceParse(
      bytes: bytes, lines: lines, hiddenPrefix: hiddenPrefix, maxDepth: maxDepth, release: release)
    document.weighsCost = weighsCost
    document.findsDefinitions = findsDefinitions
    guard split, bytes.count >= smallest else {
      return PieceParse.Outcome(text: try document.parse(), pieces: 1)
    }
    return try document.parse(
      cutAt: cuts(
        bytes, lines: lines, from: hiddenPrefix,
        every: pieceSize ?? Self.pieceSize(for: bytes.count),
        release: release))
  }

  /// Where pieces start: 0, then before an ATX heading at the first column
  /// outside a top-level fence or HTML block, once `every` bytes have
  /// passed since the last cut. What has been scanned is released in
  /// stretches of about `step` bytes.
  static func cuts(
    _ bytes: UnsafeBufferPointer<UInt8>, lines: LineIndex, from start: Int, every size: Int,
    release: Outliner.Release? = nil, step: Int = Outliner.releaseStep
  ) -> [Int] {
    [0]
      + cuts(
        bytes, lines: lines, in: start..<bytes.count, after: 0, every: size, release: release,
        step: step)
  }

  /// The cuts in `range` (which starts a line outside every block), as
  /// `cuts` makes them, the last cut before it being at `last`.
  static func cuts(
    _ bytes: UnsafeBufferPointer<UInt8>, lines: LineIndex, in range: Range<Int>, after last: Int,
    every size: Int, release: Outliner.Release? = nil, step: Int = Outliner.releaseStep
  ) -> [Int] {
    var starts: [Int] = []
    var previous = last
    var released = range.lowerBound
    var fence: (character: UInt8, length: Int)? = nil
    var html: HTMLEnd? = nil
    let start = range.lowerBound
    guard start < range.upperBound else { return starts }
    // The lines are known already: only the first bytes of most are read.
    for number in lines.line(ofOffset: start)...lines.lineCount {
      let line = lines.offset(ofLine: number)
      guard line >= start else { continue }
      guard line < range.upperBound else { break }
      let text = lines.text(ofLine: number, in: bytes)
      let end = line + text.count
      if let open = fence {
        if closesFence(text, open) { fence = nil }
      } else if let ending = html {
        if ending.ends(text) { html = nil }
      } else if let opened = opensFence(text) {
        fence = opened
      } else if let ending = HTMLEnd.opened(by: text) {
        html = ending.ends(text) ? nil : ending
      } else if line - previous >= size && isHeading(text) {
        starts.append(line)
        previous = line
      }
      if let release, end - released >= step {
        release(released..<end)
        released = end
      }
    }
    release?(released..<range.upperBound)
    return starts
  }

  /// `#` to `######` at the first column, then a space, a tab or the end.
  static func isHeading(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    var hashes = 0
    while hashes < text.count && text[hashes] == 0x23 { hashes += 1 }
    guard hashes >= 1 && hashes <= 6 else { return false }
    return hashes == text.count || text[hashes] == 0x20 || text[hashes] == 0x09
  }

  /// The indentation (spaces, at most 3) before a line's first other byte.
  static func indent(_ text: UnsafeBufferPointer<UInt8>) -> Int? {
    var spaces = 0
    while spaces < text.count && text[spaces] == 0x20 { spaces += 1 }
    return spaces <= 3 ? spaces : nil
  }

  static func opensFence(_ text: UnsafeBufferPointer<UInt8>) -> (character: UInt8, length: Int)? {
    guard let at = indent(text), at < text.count else { return nil }
    let character = text[at]
    guard character == 0x60 || character == 0x7E else { return nil }
    var length = 0
    while at + length < text.count && text[at + length] == character { length += 1 }
    guard length >= 3 else { return nil }
    // A backtick fence's info string holds no backtick.
    if character == 0x60 && text[(at + length)...].contains(0x60) { return nil }
    return (character, length)
  }

  static func closesFence(
    _ text: UnsafeBufferPointer<UInt8>, _ open: (character: UInt8, length: Int)
  ) -> Bool {
    guard let at = indent(text) else { return false }
    var length = 0
    while at + length < text.count && text[at + length] == open.character { length += 1 }
    guard length >= open.length else { return false }
    return text[(at + length)...].allSatisfy { $0 == 0x20 || $0 == 0x09 }
  }

  /// What ends an HTML block, by how it began (CommonMark's seven kinds,
  /// loosely: any `<` at the start of a line is taken to begin one).
  enum HTMLEnd {
    case marker([UInt8])
    case blankLine

    static func opened(by text: UnsafeBufferPointer<UInt8>) -> HTMLEnd? {
      guard let at = indent(text), at < text.count, text[at] == 0x3C else { return nil }
      let rest = Array(text[at...]).map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
      for (start, end) in [
        ("<script", "</script>"), ("<pre", "</pre>"), ("<style", "</style>"),
        ("<textarea", "</textarea>"),
      ] {
        let opening = Array(start.utf8)
        if rest.starts(with: opening)
          && (rest.count == opening.count || [0x20, 0x09, 0x3E].contains(rest[opening.count]))
        {
          return .marker(Array(end.utf8))
        }
      }
      if rest.starts(with: Array("<!--".utf8)) { return .marker(Array("-->".utf8)) }
      if rest.starts(with: Array("<?".utf8)) { return .marker(Array("?>".utf8)) }
      if rest.starts(with: Array("<![cdata[".utf8)) { return .marker(Array("]]>".utf8)) }
      if rest.starts(with: Array("<!".utf8)) { return .marker(Array(">".utf8)) }
      return .blankLine
    }

    func ends(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
      switch self {
      case .blankLine:
        return text.allSatisfy { $0 == 0x20 || $0 == 0x09 }
      case .marker(let marker):
        let lowered = text.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
        guard lowered.count >= marker.count else { return false }
        return (0...(lowered.count - marker.count)).contains {
          lowered[$0..<($0 + marker.count)].elementsEqual(marker)
        }
      }
    }
  }

  /// The cores the pieces are parsed on.
  static var cores: Int { max(Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))), 1) }

  /// `body` for 0..<count on every core, results in order; the first error
  /// in order is thrown.
  static func parallel<Value>(
    _ count: Int, _ body: (Int) throws(OutlineError) -> Value
  ) throws(OutlineError) -> [Value] {
    let outcomes = OrderedParallelMap.collect(count: count, jobs: cores) {
      index -> Result<Value, OutlineError> in
      do throws(OutlineError) { return .success(try body(index)) } catch { return .failure(error) }
    }
    return try outcomes.map { outcome throws(OutlineError) in try outcome.get() }
  }
}
