import Found
import HTMLOutline
import ReadingTime
import Slugs

/// Turns a document's bytes into its sections.
public enum Outliner {
  /// Told of each stretch of the document's bytes the outline is done with
  /// for now: a reader that mapped the file may drop those pages, so a
  /// large document is never resident all at once. It may be called from
  /// several threads, and a stretch may be read again afterwards.
  public typealias Release = @Sendable (Range<Int>) -> Void

  /// The smallest Markdown document parsed in pieces side by side.
  public static var smallestSplit: Int { MarkdownPieces.smallest }

  /// How many bytes a scan passes between calls to `Release`.
  static let releaseStep = 1 << 20

  /// Outlines `bytes`, read from `path` (nil for standard input). The
  /// bytes are only borrowed: nothing in the document points into them.
  public static func outline(
    _ bytes: Span<UInt8>, path: String?, options: OutlineOptions = OutlineOptions(),
    release: Release? = nil
  ) throws(OutlineError) -> Document {
    try outlined(bytes, path: path, options: options, release: release).document
  }

  /// The same, with the links when `options.findsLinks` asks and how the
  /// document was parsed.
  public static func outlined(
    _ bytes: Span<UInt8>, path: String?, options: OutlineOptions = OutlineOptions(),
    release: Release? = nil
  ) throws(OutlineError) -> Outlined {
    try bytes.withUnsafeBufferPointer { (buffer) throws(OutlineError) -> Outlined in
      try outlined(buffer, path: path, options: options, release: release)
    }
  }

  /// The same over the bytes as the C parsers take them.
  static func outlined(
    _ bytes: UnsafeBufferPointer<UInt8>, path: String?, options: OutlineOptions,
    release: Release?
  ) throws(OutlineError) -> Outlined {
    let format =
      options.format ?? path.flatMap(DocumentFormat.fromExtension(of:))
      ?? DocumentFormat.sniff(bytes)
    if format == .markdown, let encoding = Charset.byteOrderMark(of: bytes.span),
      let transcoded = Transcoder.transcode(bytes.span, from: encoding)
    {
      // UTF-16 or UTF-32: outlined in UTF-8, and put back on the raw bytes.
      release?(0..<bytes.count)
      let (parsed, utf8Lines, title, hidden) = try transcoded.utf8.withUnsafeBufferPointer {
        (utf8) throws(OutlineError) in
        try parseMarkdown(utf8, lines: LineIndex(utf8), options: options, release: nil)
      }
      var moved = parsed
      moved.text = parsed.text.moved(by: transcoded.rawOffset)
      let lines = LineIndex(utf8Lines, size: bytes.count, mapOffset: transcoded.rawOffset)
      var outlined = markdown(moved, path: path, lines: lines, title: title, options: options)
      outlined.document.charset = encoding.name
      if options.findsBlocks {
        outlined.blocks = MarkdownBlocks(
          parsed.text, hidden: hidden, mapOffset: transcoded.rawOffset)
      }
      return outlined
    }
    let lines = LineIndex(bytes, release: release)
    switch format {
    case .markdown:
      let (parsed, _, title, hidden) = try parseMarkdown(
        bytes, lines: lines, options: options, release: release)
      var outlined = markdown(parsed, path: path, lines: lines, title: title, options: options)
      if options.findsBlocks { outlined.blocks = MarkdownBlocks(parsed.text, hidden: hidden) }
      return outlined
    case .html:
      let depth = NestingProbe.depth(of: bytes.span, limit: options.maxDepth)
      guard depth <= options.maxDepth else { throw .tooDeep(depth: depth, limit: options.maxDepth) }
      let charset = Charset.declared(in: bytes.span)
      let parsed: HTMLFindings
      let encoding = charset.decoding(bytes.span)
      let transcoded =
        encoding == .windows1252
        ? Charset.transcodeWindows1252(bytes.span)
        : encoding.flatMap { Transcoder.transcode(bytes.span, from: $0) }
      func parse(_ bytes: UnsafeBufferPointer<UInt8>, mapOffset: ((Int) -> Int)?) -> HTMLFindings {
        options.strategy.html(
          bytes.span, mapOffset: mapOffset, scope: options.within, findsLinks: options.findsLinks)
      }
      if let transcoded {
        parsed = transcoded.utf8.withUnsafeBufferPointer {
          parse($0, mapOffset: transcoded.rawOffset)
        }
      } else {
        parsed = parse(bytes, mapOffset: nil)
      }
      return assemble(
        parsed.text, path: path, format: format, lines: lines, title: parsed.title,
        charset: charset,
        options: options)
    }
  }

  /// Markdown `bytes` parsed, with their lines, front matter's title and
  /// where the text after it starts.
  private static func parseMarkdown(
    _ bytes: UnsafeBufferPointer<UInt8>, lines: LineIndex, options: OutlineOptions,
    release: Release?
  ) throws(OutlineError) -> (PieceParse.Outcome, LineIndex, String?, Int) {
    try TableWidthProbe.refuse(bytes, limit: options.maxColumns)
    let frontMatter = FrontMatter.find(in: bytes, lines: lines)
    let hidden = frontMatter?.endOffset ?? 0
    // Most documents are one parse; only a large one is cut in pieces.
    // Links are read in one parse: a reference's destination may be
    // defined in any other piece. So are blocks, which that parse notes.
    let parsed =
      options.findsLinks || options.findsBlocks
      ? PieceParse.Outcome(
        text: try MarkdownParser.parse(
          bytes, lines: lines, hiddenPrefix: hidden, maxDepth: options.maxDepth, findsLinks: true),
        pieces: 1)
      : try MarkdownPieces.parse(
        bytes, lines: lines, hiddenPrefix: hidden, maxDepth: options.maxDepth,
        split: options.strategy == .fast, release: release,
        findsDefinitions: options.findsDefinitions)
    // The pieces' trees and findings, made on other threads, were freed
    // into those threads' heaps: give the pages back before the outline
    // and its output are made.
    if parsed.pieces > 1 { ParseArena.trimHeaps() }
    return (parsed, lines, frontMatter?.title, hidden)
  }

  /// The outline of a Markdown document parsed as `parsed`.
  static func markdown(
    _ parsed: PieceParse.Outcome, path: String?, lines: LineIndex, title: String?,
    options: OutlineOptions
  ) -> Outlined {
    var outlined = assemble(
      parsed.text, path: path, format: .markdown, lines: lines, title: title, charset: nil,
      options: options)
    outlined.statistics.pieces = parsed.pieces
    outlined.statistics.piecesParsedAgain = parsed.again
    outlined.statistics.parsedWholeBecause = parsed.whole
    return outlined
  }

  /// The text before the first of `sections`, as `Document.preamble`
  /// gives it: named by the document's own `title`, unless the first row
  /// already reads it (a page whose `<title>` is its `<h1>`).
  static func preamble(_ times: ReadingTimes, before sections: [Section], title: String?)
    -> Section?
  {
    guard let first = sections.first, !times.readings[0].isEmpty else { return nil }
    return Section(
      number: 0, level: sections.map(\.level).min() ?? first.level,
      title: title.flatMap { $0 == first.title ? nil : $0 } ?? "", id: nil, line: 1, offset: 0,
      endLine: first.line, endOffset: first.offset, reading: times.readings[0],
      seconds: Int(times.seconds[0].rounded()), minutes: times.minutes[0])
  }

  /// Outlines `bytes`, read from `path` (nil for standard input).
  public static func outline(
    _ bytes: [UInt8], path: String?, options: OutlineOptions = OutlineOptions()
  ) throws(OutlineError) -> Document {
    try outline(bytes.span, path: path, options: options)
  }

  /// The same, with the links when `options.findsLinks` asks and how the
  /// document was parsed.
  public static func outlined(
    _ bytes: [UInt8], path: String?, options: OutlineOptions = OutlineOptions()
  ) throws(OutlineError) -> Outlined {
    try outlined(bytes.span, path: path, options: options)
  }

  /// Decides ids over every heading, keeps the levels shown, and shares the
  /// reading out among the sections by where each stretch starts; the
  /// links placed when `options.findsLinks` asked for them.
  static func assemble(
    _ parsed: Findings, path: String?, format: DocumentFormat, lines: LineIndex, title: String?,
    charset: Charset?, options: OutlineOptions
  ) -> Outlined {
    var headings = parsed.headings
    if options.slugFlavor.readsAttributes, format == .markdown {
      for index in headings.indices {
        HeadingAttributes.apply(to: &headings[index], flavor: options.slugFlavor)
      }
    }
    // Document order is the order of offsets: cmark moves footnote
    // definitions (and any heading in one) to the end of its tree, and
    // HTML blocks are read apart from the Markdown around them.
    let order = headings.indices.sorted { (headings[$0].offset, $0) < (headings[$1].offset, $1) }

    // Explicit ids are what they are; slugs step around them. An HTML
    // page's ids are its own: a heading it gives none has none.
    var slugger = Slugger(flavor: options.slugFlavor)
    slugger.reserveCapacity(headings.count)
    for heading in headings { if let id = heading.explicitID { slugger.reserve(id) } }
    var ids = [String?](repeating: nil, count: headings.count)
    for index in order {
      ids[index] =
        headings[index].explicitID ?? (format == .html ? nil : slugger.slug(headings[index].text))
    }

    let shown = order.filter { options.levels.contains(headings[$0].level) }
    let starts = shown.map { headings[$0].offset }
    var isShown = [Bool](repeating: false, count: headings.count)
    for index in shown { isShown[index] = true }

    // Headings are the rows' names, not their reading: no title is read,
    // shown or folded, so the document's time is the same at every level.
    // The rest is read in the section it falls in, or before the first
    // (the preamble).
    let times = ReadingTimes(
      parsed.readings.filter { $0.heading == nil }, starts: starts, rate: options.rate)
    var sections: [Section] = []
    sections.reserveCapacity(shown.count)
    for (position, index) in shown.enumerated() {
      let heading = headings[index]
      let isLast = position + 1 == shown.count
      let endOffset = isLast ? lines.size : starts[position + 1]
      sections.append(
        Section(
          number: position + 1, level: heading.level, title: heading.title, id: ids[index],
          line: lines.line(ofOffset: heading.offset), offset: heading.offset,
          endLine: isLast ? lines.lineCount + 1 : lines.line(ofOffset: endOffset),
          endOffset: endOffset, reading: times.readings[position + 1],
          seconds: Int(times.seconds[position + 1].rounded()), minutes: times.minutes[position + 1],
          source: heading.text.source, omittedFromContents: heading.omitted))
    }
    let documentTitle =
      title ?? order.first { headings[$0].level == 1 }.map { headings[$0].title }
    var document = Document(
      path: path, format: format, lines: lines, title: documentTitle, sections: sections,
      reading: times.total, seconds: Int(times.timeline.total.rounded()),
      minutes: times.totalMinutes, charset: charset?.label,
      decoded: charset?.isDecodable ?? true)
    document.timeline = times.timeline
    document.preamble = preamble(times, before: sections, title: title)
    document.markers = parsed.markers.sorted { $0.offset < $1.offset }
    document.slug = format == .markdown ? options.slugFlavor : nil
    document.levels = options.levels
    document.folded = order.filter { !isShown[$0] }.map {
      FoldedHeading(
        level: headings[$0].level, title: headings[$0].title, id: ids[$0],
        line: lines.line(ofOffset: headings[$0].offset), offset: headings[$0].offset)
    }
    return Outlined(
      document: document,
      links: options.findsLinks || options.findsDefinitions
        ? DocumentLinks(parsed, lines: lines) : nil)
  }
}

/// Why a document was not outlined.
public enum OutlineError: Error, Equatable, Sendable {
  /// HTML (a page, or an HTML block in Markdown) nests deeper than allowed.
  case tooDeep(depth: Int, limit: Int)
  /// A GFM table's delimiter row (on `line`) has more
  /// cells than allowed (`TableWidthProbe`).
  case tooWide(columns: Int, line: Int, limit: Int)
}
