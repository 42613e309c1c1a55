import Found

/// What a piece of a document says about itself beyond its headings and
/// readings (see `MarkdownPieces`): which probes found a definition in it,
/// which given definitions it used, and whether its last block runs on.
///
/// The given definitions and the probes come first in the text cmark
/// parses, one paragraph each; a probe's answer is the link its paragraph
/// became, and nothing else there is read.
struct PieceProbes {
  let pieceLines: PieceLines
  private var piece = PieceFindings()
  /// True while the visit is in the given definitions and probes.
  private(set) var inPrefix = false
  /// True while the visit is in what follows the piece.
  private(set) var inSuffix = false
  /// The probe whose paragraph is being visited, if any.
  private var probe: Int? = nil
  /// The last top-level block of the piece: whether it is one that runs on
  /// over a heading (a fence, an HTML block), its first and last lines,
  /// and what closes it.
  private var lastBlockRunsOn = false
  private var lastBlockStart = 0
  private var lastBlockEnd = 0
  private var lastBlockCloser: Closer? = nil
  /// The piece's last line, without its line ending.
  private let lastLine: UnsafeBufferPointer<UInt8>

  /// What closes a block that may run on: a fence, or the end condition
  /// of an HTML block.
  private enum Closer {
    case fence(character: UInt8, length: Int)
    case html(MarkdownPieces.HTMLEnd)
  }

  /// The end markers of the HTML blocks that cmark 0.29 closes on the
  /// line holding them: comments, processing instructions, CDATA, and
  /// `<script>`, `<pre>` and `<style>`.
  private static let markers: [[UInt8]] = ["-->", "?>", "]]>", "</script>", "</pre>", "</style>"]
    .map { Array($0.utf8) }

  init(
    pieceLines: PieceLines,
    lastLine: UnsafeBufferPointer<UInt8> = UnsafeBufferPointer(start: nil, count: 0)
  ) {
    self.pieceLines = pieceLines
    self.lastLine = lastLine
  }

  /// Footnotes: the footnote probe whose paragraph is being visited, the
  /// definitions cmark moved to the end of the tree (numbered in order)
  /// that were given, and the numbers the piece's own text refers to.
  private var footnoteProbe: Int? = nil
  private(set) var footnoteDefinitions = 0
  private var givenFootnoteNumbers: [Int: Int] = [:]
  private var referred: Set<Int> = []

  /// A top-level block begins.
  mutating func enterTopLevel(_ node: Cmark.Node, type: Cmark.NodeType) {
    let line = Int(node.startLine)
    inPrefix = line <= pieceLines.prefixLines
    inSuffix = pieceLines.suffixLine.map { line >= $0 } ?? false
    probe = inPrefix ? pieceLines.probes[line] : nil
    footnoteProbe = inPrefix ? pieceLines.footnoteProbes[line] : nil
    if type == .footnoteDefinition {
      // cmark moves the definitions referred to to the end, in the order
      // of their numbers, and drops the rest.
      footnoteDefinitions += 1
      if inPrefix || inSuffix, let given = pieceLines.givenFootnotes[line] {
        givenFootnoteNumbers[footnoteDefinitions] = given
      }
      return
    }
    guard !inPrefix && !inSuffix else { return }
    lastBlockStart = line - pieceLines.prefixLines
    lastBlockEnd = Int(node.endLine) - pieceLines.prefixLines
    lastBlockRunsOn = false
    lastBlockCloser = nil
    if type == .codeBlock {
      let fence = node.fence
      lastBlockRunsOn = fence != nil
      lastBlockCloser = .fence(character: fence?.character ?? 0, length: fence?.length ?? 0)
    } else if type == .htmlBlock {
      lastBlockRunsOn = true
    }
  }

  /// A top-level HTML block, opened by `firstLine`, ends on the
  /// document's `line` (cmark's own end line is wrong for blocks closed by
  /// their end condition).
  mutating func htmlBlockEnds(atLine line: Int, firstLine: UnsafeBufferPointer<UInt8>) {
    lastBlockEnd = line - pieceLines.firstLine + 1
    lastBlockCloser = MarkdownPieces.HTMLEnd.opened(by: firstLine).map { .html($0) }
  }

  /// True when the last block of the piece ends on its last line and that
  /// line closes it, as a fence's closing line or an HTML block's end
  /// marker does: the heading after the piece cannot continue it.
  private var closedOnLastLine: Bool {
    let last = pieceLines.lastLine - pieceLines.firstLine + 1
    guard lastBlockEnd == last, let closer = lastBlockCloser else { return false }
    switch closer {
    case .fence(let character, let length):
      // A fence opened on the last line is not closed by it.
      return lastBlockStart < last
        && MarkdownPieces.closesFence(lastLine, (character: character, length: length))
    case .html(let end):
      // A block that ends at a blank line runs on over a heading; so may
      // one whose kind the loose scan of its first line does not know
      // for sure (`<!` and a letter, `<textarea`: cmark 0.29 ends those
      // at a blank line too, or reads no HTML block).
      guard case .marker(let marker) = end, Self.markers.contains(marker) else { return false }
      return end.ends(lastLine)
    }
  }

  /// The link a probe's paragraph became: to a given definition (number),
  /// or to the piece's own (nil).
  mutating func answer(_ given: Int?) {
    // A footnote probe that became a link: `[^x]` is also a link label
    // another piece may define, and cmark takes a link definition before
    // a footnote. Whether the footnote is defined here is then unknown
    // unless that definition is a real one (see `PieceLedger.facts`).
    if footnoteProbe != nil, let given { piece.footnoteProbeLinks.insert(given) }
    guard let number = probe else { return }
    if let given {
      piece.probesReached[number] = given
    } else {
      piece.defines.insert(number)
    }
    probe = nil
  }

  /// A footnote reference, numbered by cmark (`number`): a probe's
  /// answer, or one of the piece's own.
  mutating func footnoteReference(_ number: Int) {
    guard !inSuffix else { return }
    if inPrefix {
      if let asked = footnoteProbe { piece.footnoteProbeNumbers[asked] = number }
    } else {
      referred.insert(number)
    }
  }

  /// A link or image of the piece resolved to given definition `number`.
  mutating func used(_ number: Int) {
    piece.usesGiven.insert(number)
  }

  /// The piece's findings, with `text` as what it reads.
  func findings(_ text: Findings) -> PieceFindings {
    var result = piece
    // A probe that reached a given definition (one to fall back on): the
    // piece has none of its own.
    result.footnoteProbeNumbers = [:]
    var reached = Set<Int>()
    for (asked, number) in piece.footnoteProbeNumbers {
      if let given = givenFootnoteNumbers[number] {
        result.footnoteProbesReached[asked] = given
        reached.insert(number)
      } else {
        result.footnoteProbeNumbers[asked] = number
      }
    }
    // A given definition cmark kept was referred to, by the piece's text
    // or by a definition of its own that cmark then dropped (and that the
    // visit does not see). When a probe reached it too, only the
    // references the visit sees are sure.
    for (number, given) in givenFootnoteNumbers {
      if !reached.contains(number) || referred.contains(number) {
        result.footnotesUsedGiven.insert(given)
      } else {
        result.footnotesMaybeUsed.insert(given)
      }
    }
    var probed: [Int: [Int]] = [:]
    for (asked, number) in result.footnoteProbeNumbers { probed[number, default: []].append(asked) }
    // References to definitions of its own that no probe asked for are
    // the piece's own business (no other piece mentions them).
    for number in referred where givenFootnoteNumbers[number] == nil {
      result.footnotesReferred.formUnion(probed[number] ?? [])
    }
    result.runsOn =
      lastBlockRunsOn && lastBlockEnd >= pieceLines.lastLine - pieceLines.firstLine + 1
      && !closedOnLastLine
    result.text = text
    return result
  }
}
