import Cells
import Files
import HTMLOutline
import Outline

/// A document laid out for a width, a piece at a time: only the pieces
/// that are looked at are laid out (and a few dozen kept), so the first
/// screen of a document of any size is drawn at once. Each line knows the
/// source bytes it shows, so a position survives a change of width.
///
/// No I/O: the bytes are the document the caller loaded (Files' `DocumentBytes`).
public final class Page {
  /// The document's size in bytes.
  public let size: Int
  /// How the document is drawn.
  public let format: PageFormat
  /// The marks drawn around the text.
  public let glyphs: PageGlyphs
  /// The width lines are laid out for, in cells.
  public private(set) var width: Int
  /// Where each piece starts: piece `i` is `cuts[i]..<cuts[i + 1]` (the last
  /// runs to the end). The first is 0.
  public let cuts: [Int]
  /// Markdown front matter's end (0 when there is none).
  let hidden: Int
  /// False when front matter is not drawn at all.
  let frontMatter: Bool
  let read: (Range<Int>) -> [UInt8]
  /// An HTML page in another encoding, decoded: laid out whole instead.
  let decoded: DecodedText?
  /// The part of an HTML page drawn (`--within`), as the outline reads it.
  let scope: HTMLScope
  /// A Markdown document's link definitions, for pieces that use a label
  /// defined in another.
  let definitions: LinkDefinitions
  private var cache: [Int: (lines: [PageLine], used: Int)] = [:]
  private var uses = 0
  /// The matches last found in a paragraph (see `highlights`), kept while
  /// the rows of one paragraph are drawn.
  var lastMatches: ParagraphMatches? = nil
  /// How many pieces stay laid out.
  static let kept = 48

  /// The page of `bytes` as `options` draw it: its format decided as the
  /// outline decides it, a large document cut in pieces (nothing is laid
  /// out until asked), text in another encoding turned into UTF-8.
  /// `bytes` are read again as pieces are laid out, and never copied whole.
  public convenience init(bytes: some DocumentBytes, options: PageOptions) throws(PageError) {
    let shape = try bytes.withSpan { span in
      Result { () throws(PageError) -> Shape in try Shape(span, options: options) }
    }.get()
    self.init(
      size: shape.size, format: shape.format, width: options.width, cuts: shape.cuts,
      hidden: shape.hidden, frontMatter: options.frontMatter, glyphs: options.glyphs,
      decoded: shape.decoded, scope: options.scope, definitions: shape.definitions
    ) { range in
      bytes.withSpan { span in span.withUnsafeBufferPointer { Array($0[range]) } }
    }
    if format == .html, case .within(let selector) = options.scope, lines(ofPiece: 0).isEmpty {
      throw PageError.nothingWithin(selector.description)
    }
  }

  private init(
    size: Int, format: PageFormat, width: Int, cuts: [Int], hidden: Int, frontMatter: Bool,
    glyphs: PageGlyphs, decoded: DecodedText?, scope: HTMLScope, definitions: LinkDefinitions,
    read: @escaping (Range<Int>) -> [UInt8]
  ) {
    self.scope = scope
    self.definitions = definitions
    self.size = size
    self.format = format
    self.glyphs = glyphs
    self.decoded = decoded
    self.width = max(width, 1)
    self.cuts = cuts.isEmpty ? [0] : cuts
    self.hidden = hidden
    self.frontMatter = frontMatter
    self.read = read
  }

  /// About how many bytes a piece of a large document holds.
  public static let pieceSize = 64 << 10

  /// Where a document is cut in pieces: Markdown before headings (as the
  /// outline cuts it), the source every so many bytes at a line's start,
  /// HTML not at all (its tree is the whole page's).
  public static func cuts(
    of bytes: Span<UInt8>, format: PageFormat, every pieceSize: Int = pieceSize
  ) -> [Int] {
    guard bytes.count >= 4 * pieceSize else { return [0] }
    switch format {
    case .html: return [0]
    case .markdown:
      return subdivided(
        DocumentShape.markdownCuts(in: bytes, every: pieceSize), in: bytes, every: pieceSize,
        blankLines: true)
    case .plain: return subdivided([0], in: bytes, every: pieceSize, blankLines: false)
    }
  }

  /// `cuts` with every piece over four times `size` cut again about every
  /// `size` bytes: after a blank line (Markdown) or a line ending if one
  /// comes soon, else between two characters. A document with no headings,
  /// or one 10 MB line, is then laid out a piece at a time too; a cut that
  /// falls inside a long code block only changes how its piece is drawn.
  static func subdivided(_ cuts: [Int], in bytes: Span<UInt8>, every size: Int, blankLines: Bool)
    -> [Int]
  {
    var result: [Int] = []
    for (index, start) in cuts.enumerated() {
      let end = index + 1 < cuts.count ? cuts[index + 1] : bytes.count
      result.append(start)
      var at = start
      while end - at > 4 * size {
        let limit = min(at + 2 * size, end)
        var cut: Int? = nil
        var probe = at + size
        while blankLines && cut == nil && probe + 1 < limit {
          if bytes[probe] == 0x0A && bytes[probe + 1] == 0x0A { cut = probe + 2 }
          probe += 1
        }
        probe = at + size
        while cut == nil && probe < limit {
          if bytes[probe] == 0x0A { cut = probe + 1 }
          probe += 1
        }
        if cut == nil {
          probe = at + size
          while probe < end && bytes[probe] & 0xC0 == 0x80 { probe += 1 }
          cut = probe
        }
        at = cut!
        result.append(at)
      }
    }
    return result
  }

  /// How many pieces there are.
  public var pieceCount: Int { cuts.count }

  /// The bytes of piece `index`.
  public func range(ofPiece index: Int) -> Range<Int> {
    cuts[index]..<(index + 1 < cuts.count ? cuts[index + 1] : size)
  }

  /// Lays the page out again for `width` (nothing is laid out until asked).
  public func resize(to width: Int) {
    guard max(width, 1) != self.width else { return }
    self.width = max(width, 1)
    cache = [:]
    lastMatches = nil
  }

  /// The lines of piece `index`, laid out now if they were not.
  public func lines(ofPiece index: Int) -> [PageLine] {
    uses += 1
    if let kept = cache[index] {
      cache[index]!.used = uses
      return kept.lines
    }
    let range = range(ofPiece: index)
    let lines: [PageLine]
    if let decoded {
      lines = Self.normalized(
        Self.lay(decoded.utf8, format: format, width: width, glyphs: glyphs, scope: scope).map {
          Self.mapped($0, decoded.rawOffset)
        }, in: 0..<size, width: width, more: glyphs.more)
    } else {
      let bytes = read(range)
      lines = Self.lay(
        bytes, format: format, base: range.lowerBound, width: width,
        hidden: index == 0 ? hidden : 0, frontMatter: frontMatter, glyphs: glyphs, scope: scope,
        definitions: format == .markdown && cuts.count > 1 ? definitions.prefix(for: bytes) : [])
    }
    if cache.count >= Self.kept, let oldest = cache.min(by: { $0.value.used < $1.value.used }) {
      cache[oldest.key] = nil
    }
    cache[index] = (lines, uses)
    return lines
  }

  /// The lines of `bytes`, which start at `base` in the document (of an
  /// HTML page, the part `scope` names; of Markdown, with `definitions`,
  /// link definitions from elsewhere, read first).
  public static func lay(
    _ bytes: [UInt8], format: PageFormat, base: Int = 0, width: Int, hidden: Int = 0,
    frontMatter: Bool = true, glyphs: PageGlyphs = .unicode, scope: HTMLScope = .whole,
    definitions: [UInt8] = []
  ) -> [PageLine] {
    let width = max(width, 1)
    let lines: [PageLine]
    switch format {
    case .markdown:
      lines = MarkdownLayout.lay(
        bytes, base: base, width: width, hidden: hidden, frontMatter: frontMatter, glyphs: glyphs,
        definitions: definitions)
    case .html:
      lines = HTMLLayout.lay(bytes, base: base, width: width, glyphs: glyphs, scope: scope)
    case .plain: lines = PlainLayout.lay(bytes, base: base, width: width)
    }
    return normalized(lines, in: base..<base + bytes.count, width: width, more: glyphs.more)
  }

  /// `line` with its offsets taken back to the document's bytes.
  static func mapped(_ line: PageLine, _ rawOffset: (Int) -> Int) -> PageLine {
    var line = line
    let start = rawOffset(line.bytes.lowerBound)
    line.bytes = start..<max(rawOffset(line.bytes.upperBound), start)
    for index in line.runs.indices {
      line.runs[index].offset = line.runs[index].offset.map(rawOffset)
    }
    return line
  }

  /// Byte ranges that only go forward and stay inside the stretch laid
  /// out, and lines no wider than `width` (markers of deep nesting in a
  /// narrow window are cut like the rest) but those that scroll sideways,
  /// when their lead leaves room to.
  static func normalized(
    _ lines: [PageLine], in range: Range<Int>, width: Int, more: Character
  ) -> [PageLine] {
    var previous = range.lowerBound
    return lines.map { line in
      var line = line
      let start = min(max(line.bytes.lowerBound, previous), range.upperBound)
      line.bytes = start..<min(max(line.bytes.upperBound, start), range.upperBound)
      previous = start
      // Whatever a layout built by hand (a code fence's language, a
      // table's cell) reaches the terminal safe.
      for index in line.runs.indices {
        line.runs[index].text = SafeText.forTerminal(line.runs[index].text)
      }
      if line.sideways && line.leadWidth + 2 > width { line.sideways = false }
      if line.width > width && !line.sideways {
        let cut = Wrapper.line(line.runs, width: width, more: more, bytes: line.bytes)
        line.runs = cut.runs
      }
      return line
    }
  }

  /// The line at `spot`, if there is one.
  public func line(at spot: Spot) -> PageLine? {
    guard spot.piece >= 0, spot.piece < cuts.count else { return nil }
    let lines = lines(ofPiece: spot.piece)
    return lines.indices.contains(spot.row) ? lines[spot.row] : nil
  }

  /// The first line.
  public var first: Spot { moved(Spot(piece: 0, row: 0), by: 0) }

  /// The last line.
  public var last: Spot {
    var piece = cuts.count - 1
    while piece > 0 && lines(ofPiece: piece).isEmpty { piece -= 1 }
    return Spot(piece: piece, row: max(lines(ofPiece: piece).count - 1, 0))
  }

  /// The spot `rows` lines after `spot` (before it when negative), held at
  /// the first and last lines.
  public func moved(_ spot: Spot, by rows: Int) -> Spot {
    var spot = spot
    var rows = rows
    // An empty piece is stepped over.
    while spot.piece < cuts.count - 1 && lines(ofPiece: spot.piece).isEmpty {
      spot = Spot(piece: spot.piece + 1, row: 0)
    }
    while rows > 0 {
      let count = lines(ofPiece: spot.piece).count
      if spot.row + rows < count {
        spot.row += rows
        return spot
      }
      guard let next = (spot.piece + 1..<cuts.count).first(where: { !lines(ofPiece: $0).isEmpty })
      else {
        spot.row = max(count - 1, 0)
        return spot
      }
      rows -= count - spot.row
      spot = Spot(piece: next, row: 0)
    }
    while rows < 0 {
      if spot.row + rows >= 0 {
        spot.row += rows
        return spot
      }
      guard let previous = (0..<spot.piece).last(where: { !lines(ofPiece: $0).isEmpty }) else {
        spot.row = 0
        return spot
      }
      rows += spot.row + 1
      spot = Spot(piece: previous, row: lines(ofPiece: previous).count - 1)
    }
    return spot
  }

  /// The line showing byte `offset`: the last one starting at or before it.
  public func spot(atByte offset: Int) -> Spot {
    let piece = max((cuts.lastIndex { $0 <= offset }) ?? 0, 0)
    let lines = lines(ofPiece: piece)
    guard !lines.isEmpty else { return moved(Spot(piece: piece, row: 0), by: 0) }
    var low = 0
    var high = lines.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if lines[middle].bytes.lowerBound <= offset { low = middle } else { high = middle - 1 }
    }
    return Spot(piece: piece, row: low)
  }
}
