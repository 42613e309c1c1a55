import Found
import Parallel

/// What a parse in pieces keeps for the next parse of the same document
/// after an edit (`LiveOutline`): each piece's range, its labels, and what
/// it gave under each plan it was parsed with.
///
/// A piece's findings are a function of its bytes, the lines around it
/// (`context`) and its plan. A piece the edit leaves out of its context
/// has the same bytes in the new text, moved by the edit's change in
/// length; parsed under a plan that names the same labels in the same
/// order, it gives the same findings, moved the same way, its labels
/// renumbered (`PieceFindings.renumbered`). So the parse after an edit
/// runs exactly as a parse of the new text cut at the same offsets, and
/// gives what the whole gives; only the pieces the edit touches, and
/// those whose plan it changed (a definition or a footnote another piece
/// uses), reach cmark.
struct PieceMemo: Sendable {
  /// One plan a piece was parsed under, and what it gave.
  struct Parsed: Sendable {
    var plan: PiecePlan
    var piece: PieceFindings
  }

  struct Piece: Sendable {
    var range: Range<Int>
    /// The bytes its findings depend on: its own, the line before it (an
    /// `<!-- omit from toc -->` above its first heading) and the two after
    /// it (a `{: .no_toc}` below its last one; see `TocOmission`).
    var context: Range<Int>
    /// Its labels, scanned on its own range (nil for a piece joined from
    /// two, whose labels the ledger took from both scans: scanned again).
    var labels: PieceLabels?
    var parsed: [Parsed] = []
  }

  /// The pieces in order, covering the document.
  var pieces: [Piece] = []
  /// The front matter's end (bytes cmark reads as line endings alone).
  var hiddenPrefix = 0
  /// The document's size.
  var size = 0

  /// The bytes a piece at `range` depends on, by `lines`.
  static func context(of range: Range<Int>, lines: LineIndex) -> Range<Int> {
    let first = lines.line(ofOffset: range.lowerBound)
    let last = range.isEmpty ? first : lines.line(ofOffset: range.upperBound - 1)
    return lines.offset(ofLine: first - 1)..<lines.offset(ofLine: last + 3)
  }

  /// The pieces an edit leaves alone, moved to where they are after it:
  /// bytes `old` were replaced by `count` bytes. A piece is left alone when
  /// the edit changes no byte of its context and joins no other line to
  /// its lines: it lies after the context's last line ending (which is not
  /// the end of the document), or before the line ending just ahead of the
  /// context. When the front matter changed (`hiddenPrefix`, after the
  /// edit), the pieces that start in it, before or after, go too.
  func kept(replacing old: Range<Int>, with count: Int, hiddenPrefix: Int) -> [Piece] {
    let delta = count - old.count
    let hiddenChanged = hiddenPrefix != self.hiddenPrefix
    var kept: [Piece] = []
    for piece in pieces {
      var moved: Piece
      if piece.context.upperBound < size && old.lowerBound >= piece.context.upperBound {
        moved = piece
      } else if old.upperBound < piece.context.lowerBound {
        moved = piece.moved(by: delta)
      } else {
        continue
      }
      if hiddenChanged
        && (piece.range.lowerBound < self.hiddenPrefix || moved.range.lowerBound < hiddenPrefix)
      {
        continue
      }
      kept.append(moved)
    }
    return kept
  }
}

extension PieceMemo.Piece {
  /// The same piece `delta` bytes further on.
  func moved(by delta: Int) -> PieceMemo.Piece {
    guard delta != 0 else { return self }
    var moved = self
    moved.range = (range.lowerBound + delta)..<(range.upperBound + delta)
    moved.context = (context.lowerBound + delta)..<(context.upperBound + delta)
    for index in moved.parsed.indices {
      moved.parsed[index].piece.text = parsed[index].piece.text.moved(by: delta)
      moved.parsed[index].piece.probedNotes = parsed[index].piece.probedNotes.mapValues {
        $0.moved(by: delta)
      }
    }
    return moved
  }
}

extension Findings {
  /// The same findings `delta` bytes further on (a piece's, which holds
  /// no blocks, and of its links its reference definitions alone when
  /// `OutlineOptions.findsDefinitions` asks: the others are found in one
  /// parse of the whole).
  func moved(by delta: Int) -> Findings {
    var moved = self
    for index in moved.headings.indices { moved.headings[index].offset += delta }
    for index in moved.readings.indices { moved.readings[index].offset += delta }
    for index in moved.markers.indices {
      moved.markers[index].offset += delta
      moved.markers[index].endOffset += delta
    }
    for index in moved.links.indices {
      moved.links[index].offset += delta
      moved.links[index].labelRange = links[index].labelRange.map {
        ($0.lowerBound + delta)..<($0.upperBound + delta)
      }
      moved.links[index].destinationRange = links[index].destinationRange.map {
        ($0.lowerBound + delta)..<($0.upperBound + delta)
      }
    }
    for index in moved.anchors.indices { moved.anchors[index].offset += delta }
    moved.strayClosers = moved.strayClosers.map { $0 + delta }
    return moved
  }
}

extension PieceFindings {
  /// These findings, made under plan `old`, as plan `new` would make them:
  /// nil unless `new` names the same labels as `old` in the same order
  /// (the numbers may differ: labels are numbered in document order, so a
  /// label added or removed before them renumbers them).
  func renumbered(from old: PiecePlan, to new: PiecePlan) -> PieceFindings? {
    if old == new { return self }
    var links: [Int: Int] = [:]
    var notes: [Int: Int] = [:]
    func pair(_ from: [Label], _ to: [Label], into map: inout [Int: Int]) -> Bool {
      guard from.count == to.count else { return false }
      for (a, b) in zip(from, to) {
        guard a.bytes == b.bytes else { return false }
        map[a.number] = b.number
      }
      return true
    }
    guard pair(old.linksGiven, new.linksGiven, into: &links),
      pair(old.linkProbes, new.linkProbes, into: &links),
      pair(old.linksFallback, new.linksFallback, into: &links),
      pair(old.footnotesGiven, new.footnotesGiven, into: &notes),
      pair(old.footnoteProbes, new.footnoteProbes, into: &notes),
      pair(old.footnotesFallback, new.footnotesFallback, into: &notes)
    else { return nil }
    func renumber(_ numbers: Set<Int>, _ map: [Int: Int]) -> Set<Int>? {
      var result = Set<Int>()
      for number in numbers {
        guard let renumbered = map[number] else { return nil }
        result.insert(renumbered)
      }
      return result
    }
    var result = self
    guard let defines = renumber(defines, links), let usesGiven = renumber(usesGiven, links),
      let usedNotes = renumber(footnotesUsedGiven, notes),
      let maybeNotes = renumber(footnotesMaybeUsed, notes),
      let referred = renumber(footnotesReferred, notes),
      let probeLinks = renumber(footnoteProbeLinks, links)
    else { return nil }
    result.defines = defines
    result.usesGiven = usesGiven
    result.footnoteProbeLinks = probeLinks
    result.footnotesUsedGiven = usedNotes
    result.footnotesMaybeUsed = maybeNotes
    result.footnotesReferred = referred
    result.probesReached = [:]
    for (probe, given) in probesReached {
      guard let from = links[probe], let to = links[given] else { return nil }
      result.probesReached[from] = to
    }
    result.footnoteProbesReached = [:]
    for (probe, given) in footnoteProbesReached {
      guard let from = notes[probe], let to = notes[given] else { return nil }
      result.footnoteProbesReached[from] = to
    }
    result.footnoteProbeNumbers = [:]
    for (asked, number) in footnoteProbeNumbers {
      guard let renumbered = notes[asked] else { return nil }
      result.footnoteProbeNumbers[renumbered] = number
    }
    return result
  }
}

/// The pieces of an earlier parse offered to a parse in pieces, and what
/// this parse scans and parses, kept for the next one. Safe from the
/// threads the pieces are parsed on.
final class PieceKeeper: Sendable {
  /// The earlier parse's pieces, by where they start.
  private let earlier: [Int: PieceMemo.Piece]
  /// This parse's, by where they start.
  private let made = Lock<[Int: PieceMemo.Piece]>([:])
  /// How many pieces cmark parsed.
  private let count = Lock(0)

  init(_ earlier: [PieceMemo.Piece]) {
    var byStart: [Int: PieceMemo.Piece] = [:]
    for piece in earlier { byStart[piece.range.lowerBound] = piece }
    self.earlier = byStart
  }

  /// How many pieces cmark parsed (the others' findings were kept).
  var parsed: Int { count.withLock { $0 } }

  /// The labels of the piece at `range`: kept, or scanned by `scan`.
  func labels(_ range: Range<Int>, scan: () -> PieceLabels) -> PieceLabels {
    let kept = earlier[range.lowerBound].flatMap { $0.range == range ? $0.labels : nil }
    let labels = kept ?? scan()
    made.withLock { made in
      made[range.lowerBound] = PieceMemo.Piece(range: range, context: range, labels: labels)
    }
    return labels
  }

  /// The findings of the piece at `range` under `plan`: kept, or parsed
  /// by `parse`.
  func findings(
    _ range: Range<Int>, plan: PiecePlan,
    parse: () throws(OutlineError) -> PieceFindings
  ) throws(OutlineError) -> PieceFindings {
    var found: PieceFindings? = nil
    if let piece = earlier[range.lowerBound], piece.range == range {
      for parsed in piece.parsed {
        if let renumbered = parsed.piece.renumbered(from: parsed.plan, to: plan) {
          found = renumbered
          break
        }
      }
    }
    let findings: PieceFindings
    if let found {
      findings = found
    } else {
      count.withLock { $0 += 1 }
      findings = try parse()
    }
    made.withLock { made in
      if made[range.lowerBound]?.range != range {
        // A piece joined to the one after it: its labels were not scanned
        // on this range.
        made[range.lowerBound] = PieceMemo.Piece(range: range, context: range, labels: nil)
      }
      made[range.lowerBound]!.parsed.append(PieceMemo.Parsed(plan: plan, piece: findings))
    }
    return findings
  }

  /// What this parse keeps of its final pieces, `ranges`.
  func memo(_ ranges: [Range<Int>], lines: LineIndex, hiddenPrefix: Int) -> PieceMemo {
    let made = self.made.withLock { $0 }
    var memo = PieceMemo(hiddenPrefix: hiddenPrefix, size: lines.size)
    for range in ranges {
      guard var piece = made[range.lowerBound], piece.range == range else { continue }
      piece.context = PieceMemo.context(of: range, lines: lines)
      memo.pieces.append(piece)
    }
    return memo
  }
}
