import Found
import ReadingTime

/// The outline of a document that is being edited, kept from one version
/// of its text to the next (an editor's open document).
///
/// A large Markdown document is parsed in pieces (`MarkdownPieces`) and
/// what each piece gave is kept (`PieceMemo`). After an edit only the
/// pieces whose bytes it touches (with a line either side) reach cmark
/// again, with those whose plan it changed (a link definition or a
/// footnote that other pieces use, which the ledger gives them); the rest
/// are moved by the edit's change in length. The outline is the one the
/// whole new text gives. A small document, an HTML page, and an outline
/// with links (`OutlineOptions.findsLinks`, which is always one parse of
/// the whole) are outlined whole each time.
public struct LiveOutline: Sendable {
  /// The outline of the text as it stands.
  public private(set) var document: Document
  /// Its reference definitions, in document order, when
  /// `OutlineOptions.findsDefinitions` asks (empty otherwise).
  public private(set) var definitions: [FoundLink] = []
  /// How many pieces cmark parsed for the last outline (1 when it was
  /// outlined whole); the others were kept from the outline before.
  public private(set) var piecesParsed = 1
  /// How the last outline was parsed: the pieces its text is in, kept or
  /// parsed again.
  public private(set) var statistics = ParseStatistics()
  private var memo: PieceMemo?
  private let path: String?
  private let options: OutlineOptions
  /// The smallest document parsed in pieces, and about how many bytes a
  /// piece holds.
  private let smallest: Int
  private let pieceSize: Int

  /// About how many bytes a piece holds: a piece is parsed in a few
  /// milliseconds.
  public static let pieceSize = MarkdownPieces.pieceSize

  /// The outline of `bytes`, read from `path`, with `lines` its lines
  /// when they are known already. A document of two pieces or more (of
  /// about `pieceSize` bytes; tests make them small) is kept in pieces;
  /// a smaller one is parsed whole each time, in a few milliseconds.
  public init(
    _ bytes: [UInt8], path: String?, options: OutlineOptions = OutlineOptions(),
    lines: LineIndex? = nil, pieceSize: Int = LiveOutline.pieceSize
  ) throws(OutlineError) {
    try self.init(
      bytes, path: path, options: options, lines: lines, smallest: 2 * pieceSize,
      pieceSize: pieceSize)
  }

  /// The same with pieces of about `pieceSize` bytes from `smallest` bytes
  /// on (tests cut small documents).
  init(
    _ bytes: [UInt8], path: String?, options: OutlineOptions, lines: LineIndex?, smallest: Int,
    pieceSize: Int
  ) throws(OutlineError) {
    self.path = path
    self.options = options
    self.smallest = smallest
    self.pieceSize = pieceSize
    document = Document(
      path: path, format: .markdown, lines: LineIndex([]), title: nil, sections: [],
      reading: ReadingAmount(), minutes: 0)
    try outline(bytes, lines: lines) { _ in [] }
  }

  /// The outline after an edit: `bytes` is the text before it with the
  /// bytes in `old` replaced by `count` bytes.
  public mutating func edit(
    _ bytes: [UInt8], replacing old: Range<Int>, with count: Int, lines: LineIndex? = nil
  ) throws(OutlineError) {
    let earlier = memo
    let fits = earlier.map { $0.size - old.count + count == bytes.count } ?? false
    try outline(bytes, lines: lines) { hiddenPrefix in
      guard fits, let earlier else { return [] }
      return earlier.kept(replacing: old, with: count, hiddenPrefix: hiddenPrefix)
    }
  }

  /// Outlines `bytes`, keeping the pieces `kept` gives (from the front
  /// matter's end).
  private mutating func outline(
    _ bytes: [UInt8], lines: LineIndex?, kept: (Int) -> [PieceMemo.Piece]
  ) throws(OutlineError) {
    memo = nil
    piecesParsed = 1
    let format =
      options.format ?? path.flatMap(DocumentFormat.fromExtension(of:))
      ?? bytes.withUnsafeBufferPointer { DocumentFormat.sniff($0) }
    guard format == .markdown, options.split, !options.findsLinks, !options.findsBlocks,
      bytes.count >= smallest
    else {
      var whole = options
      whole.format = format
      let outlined = try Outliner.outlined(bytes, path: path, options: whole)
      (document, statistics) = (outlined.document, outlined.statistics)
      definitions = Self.definitions(outlined)
      return
    }
    let (path, options, pieceSize) = (self.path, self.options, self.pieceSize)
    let result = try bytes.withUnsafeBufferPointer {
      (buffer) throws(OutlineError) -> (Outlined, PieceMemo?, Int) in
      let lines = lines ?? LineIndex(buffer)
      let frontMatter = FrontMatter.find(in: buffer, lines: lines)
      let hidden = frontMatter?.endOffset ?? 0
      let pieces = kept(hidden)
      let keeper = PieceKeeper(pieces)
      var parse = PieceParse(
        bytes: buffer, lines: lines, hiddenPrefix: hidden, maxDepth: options.maxDepth,
        release: nil)
      parse.keeper = keeper
      parse.findsDefinitions = options.findsDefinitions
      let outcome = try parse.parse(
        cutAt: Self.starts(buffer, lines: lines, hidden: hidden, kept: pieces, every: pieceSize))
      let memo =
        outcome.ranges.isEmpty
        ? nil : keeper.memo(outcome.ranges, lines: lines, hiddenPrefix: hidden)
      let outlined = Outliner.markdown(
        outcome, path: path, lines: lines, title: frontMatter?.title, options: options)
      return (outlined, memo, keeper.parsed + (outcome.ranges.isEmpty ? 1 : 0))
    }
    (document, statistics) = (result.0.document, result.0.statistics)
    definitions = Self.definitions(result.0)
    (memo, piecesParsed) = (result.1, result.2)
  }

  /// The reference definitions of `outlined`, in document order.
  private static func definitions(_ outlined: Outlined) -> [FoundLink] {
    (outlined.links?.links ?? []).filter { $0.kind == .definition }
  }

  /// Where the pieces start: where each kept piece does, and between them
  /// where `MarkdownPieces.cuts` cuts (a kept piece ends where a cut
  /// stood, and the two lines after it are as they were).
  static func starts(
    _ bytes: UnsafeBufferPointer<UInt8>, lines: LineIndex, hidden: Int, kept: [PieceMemo.Piece],
    every size: Int
  ) -> [Int] {
    var starts: [Int] = []
    var position = 0
    func gap(until end: Int) {
      guard position < end else { return }
      starts.append(position)
      let from = position == 0 ? min(hidden, end) : position
      starts += MarkdownPieces.cuts(
        bytes, lines: lines, in: from..<end, after: position, every: size)
    }
    for piece in kept.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
      gap(until: piece.range.lowerBound)
      starts.append(piece.range.lowerBound)
      position = piece.range.upperBound
    }
    gap(until: bytes.count)
    return starts.isEmpty ? [0] : starts
  }
}
extension LiveOutline {
  var memoDescription: String {
    memo.map { "\($0.pieces.map { ($0.range, $0.context) }) hidden \($0.hiddenPrefix)" } ?? "none"
  }
}
