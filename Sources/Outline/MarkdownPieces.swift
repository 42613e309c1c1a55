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
/// **References.** A link like `[text][label]` resolves to a definition
/// anywhere in the document. Every candidate definition, `[label]:` (a
/// superset of the real ones, found by a byte scan), is numbered; each
/// piece is parsed with the other pieces' candidates given before it as
/// definitions of its own, and with a probe, `[label]`, for each of its own,
/// which tells whether the piece really defines it. A piece that used a
/// given definition no piece really has, or lacked one that another piece
/// really has, is parsed again with exactly the real ones. Only whether a
/// reference resolves matters to an outline (its text, and whether an
/// image is one), not where it points.
///
/// What is not split: footnote definitions (`[^note]:`, which cmark keeps
/// only when referenced, anywhere), a candidate label that spans lines, and
/// a probe that reached another piece's definition (labels that are equal
/// only after cmark's own case folding); such a document is parsed whole.
enum MarkdownPieces {
  /// Documents smaller than this are parsed whole.
  static let smallest = 2 << 20
  /// About how many bytes a piece holds.
  static let pieceSize = 128 << 10

  /// Parses `bytes` as `MarkdownWalker` does, in pieces when it is large
  /// and `split` allows.
  static func parse(
    _ bytes: UnsafeBufferPointer<UInt8>, lines: LineIndex, hiddenPrefix: Int, maxDepth: Int,
    split: Bool, pieceSize: Int = pieceSize, smallest: Int = smallest, findsLinks: Bool = false,
    release: Outliner.Release? = nil
  ) throws(OutlineError) -> Findings {
    try parseCounting(
      bytes, lines: lines, hiddenPrefix: hiddenPrefix, maxDepth: maxDepth, split: split,
      pieceSize: pieceSize, smallest: smallest, findsLinks: findsLinks, release: release
    ).text
  }

  /// The same, with the number of pieces it was parsed in at last.
  static func parseCounting(
    _ bytes: UnsafeBufferPointer<UInt8>, lines: LineIndex, hiddenPrefix: Int, maxDepth: Int,
    split: Bool, pieceSize: Int = pieceSize, smallest: Int = smallest, findsLinks: Bool = false,
    release: Outliner.Release? = nil
  ) throws(OutlineError) -> (text: Findings, pieces: Int) {
    let document = PieceParse(
      bytes: bytes, lines: lines, hiddenPrefix: hiddenPrefix, maxDepth: maxDepth,
      findsLinks: findsLinks, release: release)
    guard split, bytes.count >= smallest else { return (try document.parse(), 1) }
    return try document.parse(
      cutAt: cuts(bytes, lines: lines, from: hiddenPrefix, every: pieceSize, release: release))
  }

  /// One document and how it is read.
  struct PieceParse {
    let bytes: UnsafeBufferPointer<UInt8>
    let lines: LineIndex
    let hiddenPrefix: Int
    let maxDepth: Int
    var findsLinks = false
    let release: Outliner.Release?

    /// One parse of the whole.
    func parse() throws(OutlineError) -> Findings {
      try MarkdownWalker.parse(
        bytes, lines: lines, hiddenPrefix: hiddenPrefix, maxDepth: maxDepth,
        findsLinks: findsLinks)
    }

    /// The pieces starting at `starts` parsed side by side, joined where
    /// cmark says a cut does not hold.
    func parse(cutAt starts: [Int]) throws(OutlineError) -> (text: Findings, pieces: Int) {
      guard starts.count > 1, let labels = candidates(bytes, starts: starts, release: release)
      else {
        return (try parse(), 1)
      }
      // Each label once, numbered, with a key that groups the labels cmark
      // may take as equal.
      var numbers: [[UInt8]: Int] = [:]
      var raw: [[UInt8]] = []
      var keys: [String] = []
      for piece in labels {
        for label in piece where numbers[label] == nil {
          numbers[label] = raw.count
          raw.append(label)
          keys.append(coarseKey(label))
        }
      }
      var ranges = starts.indices.map {
        starts[$0]..<($0 + 1 < starts.count ? starts[$0 + 1] : bytes.count)
      }
      var own = labels.map { Set($0.map { numbers[$0]! }) }

      /// A piece's first parse: the other pieces' labels given, its own
      /// probed.
      func first(_ index: Int) throws(OutlineError) -> PieceFindings {
        let ownKeys = Set(own[index].map { keys[$0] })
        let given = raw.indices.filter { !own[index].contains($0) && !ownKeys.contains(keys[$0]) }
        return try piece(
          ranges[index], given: given.map { Label(bytes: raw[$0], number: $0) },
          probes: own[index].sorted().map { Label(bytes: raw[$0], number: $0) })
      }

      var pieces = try parallel(ranges.count, first)
      // A piece that runs on is joined to the next and only the joined
      // piece parsed again: the others' given labels do not change.
      while let broken = pieces.indices.dropLast().first(where: { pieces[$0].runsOn }) {
        ranges[broken] = ranges[broken].lowerBound..<ranges[broken + 1].upperBound
        own[broken].formUnion(own[broken + 1])
        ranges.remove(at: broken + 1)
        own.remove(at: broken + 1)
        pieces.remove(at: broken + 1)
        pieces[broken] = try first(broken)
      }

      // The definitions the document really has, by the probes; a piece
      // that used one it does not have, or lacked one it has, goes again.
      var real = Set<Int>()
      // Where each label points: its first definition in the document,
      // as cmark takes it (labels equal by the key are one).
      var destinations: [String: String] = [:]
      for piece in pieces {
        guard !piece.shadowed else { return (try parse(), 1) }
        real.formUnion(piece.defines)
        for (number, url) in piece.destinations.sorted(by: { $0.key < $1.key })
        where destinations[keys[number]] == nil {
          destinations[keys[number]] = url
        }
      }
      let realKeys = Set(real.map { keys[$0] })
      let definitions = real.sorted().map { Label(bytes: raw[$0], number: $0) }
      let again = pieces.indices.filter { index in
        !pieces[index].usesGiven.isSubset(of: real)
          || own[index].contains {
            !pieces[index].defines.contains($0) && realKeys.contains(keys[$0])
          }
      }
      let redone = try parallel(again.count) { (slot: Int) throws(OutlineError) -> PieceFindings in
        try piece(ranges[again[slot]], given: definitions, probes: [])
      }
      for (slot, index) in again.enumerated() { pieces[index] = redone[slot] }

      // Each piece's findings are dropped as they join the whole.
      var result = Findings()
      for index in pieces.indices {
        result.append(pieces[index].text)
        pieces[index].text = Findings()
      }
      // A reference points to its label's first definition in the whole
      // document, wherever its piece found one (or a given `isle-ref:N`).
      // (A link whose closing bracket cmark misplaces, as in a table
      // cell, is known only by its given number.)
      for index in result.links.indices {
        let link = result.links[index]
        let key =
          link.label.map(coarseKey)
          ?? (link.destination.hasPrefix("isle-ref:")
            ? Int(link.destination.dropFirst("isle-ref:".count)).flatMap {
              $0 < keys.count ? keys[$0] : nil
            } : nil)
        if let key, let destination = destinations[key] {
          result.links[index].destination = destination
        }
      }
      return (result, pieces.count)
    }

    /// One piece parsed, its readings summed between headings and its
    /// bytes released.
    func piece(_ range: Range<Int>, given: [Label], probes: [Label]) throws(OutlineError)
      -> PieceFindings
    {
      var piece = try MarkdownWalker.parse(
        bytes, range: range, lines: lines, hiddenPrefix: hiddenPrefix, maxDepth: maxDepth,
        given: given, probes: probes, findsLinks: findsLinks)
      piece.text = piece.text.compacted()
      release?(range)
      return piece
    }
  }

  /// Where pieces start: 0, then before an ATX heading at the first column
  /// outside a top-level fence or HTML block, once `every` bytes have
  /// passed since the last cut.
  static func cuts(
    _ bytes: UnsafeBufferPointer<UInt8>, lines: LineIndex, from start: Int, every size: Int,
    release: Outliner.Release? = nil
  ) -> [Int] {
    var starts = [0]
    var released = 0
    var fence: (character: UInt8, length: Int)? = nil
    var html: HTMLEnd? = nil
    let count = bytes.count
    guard start < count else { return starts }
    // The lines are known already: only the first bytes of most are read.
    for number in lines.line(ofOffset: start)...lines.lineCount {
      let line = lines.offset(ofLine: number)
      guard line >= start else { continue }
      var end = lines.offset(ofLine: number + 1)
      if end > line && bytes[end - 1] == 0x0A { end -= 1 }
      if end > line && bytes[end - 1] == 0x0D { end -= 1 }
      let text = UnsafeBufferPointer(rebasing: bytes[line..<end])
      if let open = fence {
        if closesFence(text, open) { fence = nil }
      } else if let ending = html {
        if ending.ends(text) { html = nil }
      } else if let opened = opensFence(text) {
        fence = opened
      } else if let ending = HTMLEnd.opened(by: text) {
        html = ending.ends(text) ? nil : ending
      } else if line - starts[starts.count - 1] >= size && isHeading(text) {
        starts.append(line)
      }
      if let release, end - released >= Outliner.releaseStep {
        release(released..<end)
        released = end
      }
    }
    release?(released..<count)
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

  /// Each piece's candidate link labels, in order: the text between `[`
  /// and `]:`, neither escaped, at most 999 bytes (CommonMark's longest
  /// label). Nil when the document is not to be split by them: a candidate
  /// spans lines, or is a footnote's (`[^note]:`).
  static func candidates(
    _ bytes: UnsafeBufferPointer<UInt8>, starts: [Int], release: Outliner.Release? = nil
  ) -> [[[UInt8]]]? {
    var labels = [[[UInt8]]](repeating: [], count: starts.count)
    var piece = 0
    guard let base = bytes.baseAddress, bytes.count > 1 else { return labels }
    var position = 1
    // Searched a stretch at a time, each released once passed (a label
    // that looks back into one reads it again, which is only slower).
    var stretchStart = 0
    var stretchEnd = 0
    while position < bytes.count {
      if position >= stretchEnd {
        release?(stretchStart..<stretchEnd)
        stretchStart = stretchEnd
        stretchEnd = min(position + Outliner.releaseStep, bytes.count)
      }
      guard let found = memchr(base + position, 0x3A, stretchEnd - position) else {
        position = stretchEnd
        continue
      }
      let colon = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
      position = colon + 1
      let close = colon - 1
      guard bytes[close] == 0x5D, !isEscaped(bytes, close) else { continue }
      var open = close - 1
      var spansLines = false
      while open >= max(close - 1000, 0) {
        let byte = bytes[open]
        if byte == 0x0A || byte == 0x0D { spansLines = true }
        if (byte == 0x5B || byte == 0x5D) && !isEscaped(bytes, open) { break }
        open -= 1
      }
      guard open >= max(close - 1000, 0), bytes[open] == 0x5B else { continue }
      if spansLines { return nil }
      let label = Array(bytes[(open + 1)..<close])
      if label.first == 0x5E { return nil }
      while piece + 1 < starts.count && starts[piece + 1] <= open { piece += 1 }
      labels[piece].append(label)
    }
    release?(stretchStart..<stretchEnd)
    return labels
  }

  /// True when an odd run of backslashes comes before `index`.
  static func isEscaped(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int) -> Bool {
    var slashes = 0
    while index - slashes - 1 >= 0 && bytes[index - slashes - 1] == 0x5C { slashes += 1 }
    return slashes % 2 == 1
  }

  /// A key that labels cmark matches (white space collapsed, case folded)
  /// share; it may join a few more, which only costs a probe's certainty.
  static func coarseKey(_ label: [UInt8]) -> String {
    String(decoding: label, as: UTF8.self).split(whereSeparator: \.isWhitespace)
      .joined(separator: " ").uppercased().lowercased()
  }

  /// `body` for 0..<count on every core, results in order; the first error
  /// in order is thrown.
  static func parallel(
    _ count: Int, _ body: (Int) throws(OutlineError) -> PieceFindings
  ) throws(OutlineError) -> [PieceFindings] {
    let cores = max(Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))), 1)
    let outcomes = OrderedParallelMap.collect(count: count, jobs: cores) {
      index -> Result<PieceFindings, OutlineError> in
      do throws(OutlineError) { return .success(try body(index)) } catch { return .failure(error) }
    }
    return try outcomes.map { outcome throws(OutlineError) in try outcome.get() }
  }
}
