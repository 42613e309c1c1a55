import HTMLOutline
import ReadingTime
import Slugs

/// What to outline and how: the format, the heading levels shown, the id
/// flavour and the reading rate.
public struct OutlineOptions: Sendable, Equatable {
  /// The format to read; nil decides from the path, then the first bytes.
  public var format: DocumentFormat?
  /// The heading levels that are sections; deeper ones fold into their parent.
  public var levels: ClosedRange<Int>
  /// How titles become ids.
  public var slugFlavor: SlugFlavor
  /// How fast the reader reads.
  public var rate: ReadingRate
  /// The deepest HTML nesting read (see `NestingProbe`); deeper is an
  /// error, not minutes of parsing.
  public var maxDepth: Int
  /// The widest GFM table read, in columns (see `TableWidthProbe`); wider
  /// is an error, not minutes of parsing.
  public var maxColumns = OutlineOptions.defaultMaxColumns
  /// 1,000 columns: far past any table written by hand, and parsed in
  /// well under a second however many rows follow.
  public static let defaultMaxColumns = 1_000
  /// Whether a large Markdown document may be parsed in pieces on every
  /// core (`MarkdownPieces`); the result is the same either way.
  public var split: Bool
  /// The fast paths where they are sure, or the whole parse alone
  /// (`split` false, `--no-split`).
  public var strategy: ParseStrategy { split ? .fast : .whole }
  /// The part of an HTML page outlined (Markdown is read whole).
  public var within: HTMLScope = .whole
  /// Whether the visit also gathers the document's links, HTML anchors and
  /// blocks (`Outlined.links`), for checking them.
  public var findsLinks = false
  /// Whether the visit gathers the reference definitions alone
  /// (`[label]: destination`, as cmark found them), without the links:
  /// what a language server lists beside the headings. Unlike the links
  /// they are each piece's own, so a large document is still parsed in
  /// pieces (`Outlined.links` holds them).
  public var findsDefinitions = false
  /// Whether the parse also gives the document's top-level blocks
  /// (`Outlined.blocks`, for `show` to cut a section between them): a
  /// Markdown document is then parsed whole, its links followed.
  public var findsBlocks = false

  /// The defaults: levels 1–3, GitHub ids, 238 words a minute.
  public init(
    format: DocumentFormat? = nil, levels: ClosedRange<Int> = 1...3,
    slugFlavor: SlugFlavor = .github, rate: ReadingRate = ReadingRate(), maxDepth: Int = 20_000,
    split: Bool = true
  ) {
    self.split = split
    self.maxDepth = maxDepth
    self.format = format
    self.levels = levels
    self.slugFlavor = slugFlavor
    self.rate = rate
  }
}
