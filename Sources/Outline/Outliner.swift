/// Why a document could not be outlined.
public enum OutlineError: Error, Equatable, Sendable {
  /// The format is known but not read by this build.
  case unsupportedFormat(DocumentFormat)
}

/// Turns a document's bytes into its sections.
public enum Outliner {
  /// Outlines `bytes`, read from `path` (nil for standard input).
  public static func outline(
    _ bytes: UnsafeBufferPointer<UInt8>, path: String?, options: OutlineOptions = OutlineOptions()
  ) throws -> Document {
    let format =
      options.format ?? path.flatMap(DocumentFormat.fromExtension(of:))
      ?? DocumentFormat.sniff(bytes)
    guard format == .markdown else { throw OutlineError.unsupportedFormat(format) }
    let lines = LineIndex(bytes)
    let frontMatter = FrontMatter.find(in: bytes, lines: lines)
    let parsed = MarkdownReader.parse(bytes, hiddenPrefix: frontMatter?.endOffset ?? 0)
    return assemble(
      parsed, path: path, format: format, lines: lines, title: frontMatter?.title, options: options)
  }

  /// Outlines `bytes`, read from `path` (nil for standard input).
  public static func outline(
    _ bytes: [UInt8], path: String?, options: OutlineOptions = OutlineOptions()
  ) throws -> Document {
    try bytes.withUnsafeBufferPointer { try outline($0, path: path, options: options) }
  }

  /// Decides ids over every heading, keeps the levels shown, and shares the
  /// reading out among the sections by where each block starts.
  static func assemble(
    _ parsed: ParsedText, path: String?, format: DocumentFormat, lines: LineIndex, title: String?,
    options: OutlineOptions
  ) -> Document {
    // cmark moves footnote definitions (and any heading inside one) to the
    // end of its tree; the document's order is the order of lines.
    let order = parsed.headings.indices.sorted {
      (parsed.headings[$0].line, $0) < (parsed.headings[$1].line, $1)
    }
    var slugger = Slugger(flavor: options.slugFlavor)
    var ids = [String](repeating: "", count: parsed.headings.count)
    for index in order { ids[index] = slugger.slug(parsed.headings[index].title) }

    let shown = order.filter { options.levels.contains(parsed.headings[$0].level) }
    let starts = shown.map { lines.offset(ofLine: parsed.headings[$0].line) }
    var isShown = [Bool](repeating: false, count: parsed.headings.count)
    for index in shown { isShown[index] = true }

    var readings = [Reading](repeating: Reading(), count: shown.count)
    var total = Reading()
    for placed in parsed.readings {
      total += placed.reading
      if let heading = placed.heading, isShown[heading] { continue }
      if let section = lastIndex(in: starts, atOrBefore: lines.offset(ofLine: placed.line)) {
        readings[section] += placed.reading
      }
    }

    var sections: [Section] = []
    sections.reserveCapacity(shown.count)
    for (place, index) in shown.enumerated() {
      let heading = parsed.headings[index]
      let isLast = place + 1 == shown.count
      sections.append(
        Section(
          number: place + 1, level: heading.level, title: heading.title, id: ids[index],
          line: heading.line, offset: starts[place],
          endLine: isLast ? lines.lineCount + 1 : parsed.headings[shown[place + 1]].line,
          endOffset: isLast ? lines.size : starts[place + 1],
          reading: readings[place], minutes: options.rate.minutes(for: readings[place])))
    }
    let documentTitle =
      title ?? order.first { parsed.headings[$0].level == 1 }.map { parsed.headings[$0].title }
    return Document(
      path: path, format: format, lines: lines, title: documentTitle, sections: sections,
      reading: total, minutes: options.rate.minutes(for: total))
  }

  /// The index of the last of the ascending `starts` at or before `offset`.
  static func lastIndex(in starts: [Int], atOrBefore offset: Int) -> Int? {
    var low = 0
    var high = starts.count
    while low < high {
      let mid = (low + high) / 2
      if starts[mid] <= offset { low = mid + 1 } else { high = mid }
    }
    return low == 0 ? nil : low - 1
  }
}
