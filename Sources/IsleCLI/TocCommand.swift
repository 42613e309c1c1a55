import Cells
import Editing
import Files
import Island
import Options
import Outline
import Progress
import Records
import Tokens

/// `isle toc`: the contents of each document.
struct TocCommand: RunnableCommand {
  let settings: Settings
  let cli: CLI

  func run() throws -> ExitStatus {
    let settings = self.settings
    if settings.records { return try records() }
    if settings.format == .tsv {
      try cli.stdout.write(TSV.header(withPath: settings.showsPaths) + "\n")
    }
    let separator = settings.format == .text ? "\n" : ""
    let tokenizer = settings.format == .json ? try settings.tokenizer(cli.files) : nil
    return try cli.forEachLoaded(settings, separator: separator) { loaded, source, _ in
      let tokens = tokenizer.map { Self.tokens(of: loaded, tokenizer: $0, settings: settings) }
      var output = try Self.output(loaded.document, source, settings: settings, tokens: tokens)
      if settings.stats {
        output.stats = Self.stats(
          loaded.document, loaded.outlined.statistics, source, split: settings.outline.split)
      }
      return output
    }
  }

  /// `--records`: a JSON object a record, its `meta` with it, in input
  /// order; a line that is no record an error record in its turn.
  private func records() throws -> ExitStatus {
    let settings = self.settings
    var statuses: [ExitStatus] = []
    try cli.forEachRecord(settings, failed: DocumentOutput.init(problem:)) { loaded, record in
      let document = loaded.document
      let place = try settings.position.place(in: document, name: record.path)
      var output = ""
      DocumentJSON.write(document, place: place, meta: record.meta, to: &output)
      output += "\n"
      return DocumentOutput(
        output: output, status: document.sections.isEmpty ? .nothingFound : .success)
    } consume: { answer in
      if let error = answer.error { cli.report(error) }
      try cli.stdout.write(answer.output)
      statuses.append(answer.status)
    }
    return .combined(statuses)
  }

  /// What `--stats` says of a document: its size and whether it was read
  /// in pieces side by side, for whoever wants to know why a file is slow.
  static func stats(
    _ document: Document, _ statistics: ParseStatistics, _ source: InputSource, split: Bool
  ) -> String {
    let name = SafeText.forTerminal(source.displayName)
    let how: String
    if statistics.pieces > 1 {
      how = "split in \(statistics.pieces) pieces, \(statistics.piecesParsedAgain) parsed again"
    } else if let reason = statistics.parsedWholeBecause {
      how = "not split (\(reason))"
    } else if document.format == .html {
      how = "not split (HTML is parsed whole)"
    } else if !split {
      how = "not split (--no-split)"
    } else if document.size < Outliner.smallestSplit {
      how = "not split (under \(Outliner.smallestSplit >> 20) MiB)"
    } else {
      how = "not split (no cut holds)"
    }
    return "\(name): \(document.size) bytes, \(how)"
  }

  /// The tokens of the text `show N` prints for each section of `loaded`
  /// (its subsections with it) and for the text before the first; none
  /// for an HTML page, whose text `show` lays out.
  static func tokens(
    of loaded: DocumentLoader.Loaded, tokenizer: Tokenizer, settings: Settings
  ) -> SectionTokens {
    var tokens = SectionTokens(tokenizer: tokenizer.name)
    guard loaded.document.format == .markdown else { return tokens }
    let tree = ShowCommand.tree(of: loaded, settings: settings)
    let buffer = loaded.bytes.buffer
    var counter = tokenizer.counter()
    let preamble = tree.preamble()
    let sections = tree.shown.map { tree.excerpt($0)?.bytes ?? 0..<0 }
    // The estimate reads the bytes, each section's text once however deep
    // it sits; an exact count reads the text as the tokenizer's own
    // package does, a byte that is no UTF-8 made U+FFFD.
    guard tokenizer.isExact else {
      let counts = counter.counts(of: (preamble.map { [$0] } ?? []) + sections, in: buffer.span)
      tokens.preamble = preamble == nil ? nil : counts[0]
      tokens.sections = Array(counts.suffix(sections.count))
      return tokens
    }
    func count(_ range: Range<Int>) -> Int {
      let bytes = UnsafeBufferPointer(rebasing: buffer[range])
      return counter.count(Array(String(decoding: bytes, as: UTF8.self).utf8))
    }
    tokens.preamble = preamble.map(count)
    tokens.sections = sections.map(count)
    return tokens
  }

  private static func output(
    _ document: Document, _ source: InputSource, settings: Settings, tokens: SectionTokens?
  ) throws -> DocumentOutput {
    let place = try settings.position.place(in: document, name: source.displayName)
    let several = settings.showsPaths
    let found: ExitStatus = document.sections.isEmpty ? .nothingFound : .success
    let note = found == .success ? nil : Self.nothing(source, levels: settings.outline.levels)
    switch settings.format {
    case .json, .spoken:
      var output = ""
      DocumentJSON.write(document, place: place, tokens: tokens, to: &output)
      output += "\n"
      return DocumentOutput(output: output, status: found, note: note)
    case .tsv:
      return DocumentOutput(
        output: TSV.rows(document, withPath: several), status: found, note: note)
    case .markdown:
      return DocumentOutput(
        output: Self.list(of: document, source: source, settings: settings), status: found,
        note: note)
    case .text, .sarif, .junit, .github, .gitlab:
      let lines = Self.contents(of: document, at: place, display: settings.display).lines()
      guard !lines.isEmpty else { return DocumentOutput(status: found, note: note) }
      let header = several ? SafeText.forTerminal(source.displayName) + "\n" : ""
      return DocumentOutput(output: header + lines.joined(separator: "\n") + "\n", status: found)
    }
  }

  /// A document's contents list in Markdown. With several documents, each
  /// is an item linking to its file, its title or else its path, and its
  /// sections link into it, the paths relative to `--base` (else the one
  /// folder given, else the working directory): one list, an index of a
  /// docs tree.
  static func list(of document: Document, source: InputSource, settings: Settings) -> String {
    var request = settings.toc
    guard settings.showsPaths, let path = source.path else {
      let style = ListStyle(numbering: request.numbering)
      return TocList.text(
        TocList.sections(
          of: document, includeTitle: request.includeTitle, afterMarkers: request.afterMarkers),
        format: document.format,
        style: style, details: request.details, summary: settings.display.copy.contentsTitle)
    }
    let link = settings.indexBase.map { RelativePath.from($0, to: path) } ?? path
    var heading = link
    if let title = TocList.titleIndex(document.sections) {
      heading = document.sections[title].title
    } else if let title = document.title {
      heading = title
    }
    request.includeTitle = request.includeTitle && heading == link
    return MarkdownList.render(
      TocList.sections(
        of: document, includeTitle: request.includeTitle, afterMarkers: request.afterMarkers),
      style: ListStyle(numbering: request.numbering), format: document.format, path: link,
      heading: heading)
  }

  /// What to say of a document without sections shown: `doc.md: no
  /// headings at levels 1–3` (all levels: `no headings`).
  static func nothing(_ source: InputSource, levels: ClosedRange<Int>) -> String {
    let name = SafeText.forTerminal(source.displayName)
    if levels == 1...6 { return "\(name): no headings" }
    let range =
      levels.count == 1
      ? "level \(levels.lowerBound)" : "levels \(levels.lowerBound)–\(levels.upperBound)"
    return "\(name): no headings at \(range)"
  }

  static func contents(of document: Document, at place: Place?, display: Display) -> Contents {
    let copy = display.copy
    let detail =
      place.map { copy.readAmount($0.fraction, left: copy.timeLeft(from: $0, in: document)) }
      ?? copy.time(minutes: document.minutes, anything: !document.reading.isEmpty) ?? ""
    var contents = Contents(
      sections: document.sections,
      currentIndex: place?.currentIndex,
      readFraction: place?.fraction ?? 0,
      barDetail: detail,
      copy: display.copy,
      theme: display.theme,
      width: display.width)
    contents.preamble = document.preamble
    return contents
  }
}

extension TocCommand {
  /// The form of `toc` the words ask for: a book's contents (one folder
  /// that is a book, or `--book`), the contents list kept in a file
  /// (`--write`, `--check`, `--diff`), or the contents of each document.
  static func decide(_ raw: RawArguments, cli: CLI) throws -> any RunnableCommand {
    let keeps = raw.has(.write) || raw.has(.check) || raw.has(.diff)
    if raw.operands.count == 1 && !keeps,
      let book = try BookCommand.book(raw.operands[0], forced: raw.has(.book), files: cli.files)
    {
      let settings = try cli.decideSettings(
        raw, operands: [], command: .toc, formats: [.text, .json, .markdown],
        terminal: cli.terminal)
      return BookCommand(book: book, settings: settings, cli: cli)
    }
    if raw.has(.book) {
      throw UsageError("--book reads one folder as a book", command: "toc")
    }
    let settings = try cli.decideSettings(
      raw, operands: raw.operands, command: .toc, formats: [.text, .json, .tsv, .markdown],
      terminal: cli.terminal)
    if keeps {
      return TocWriteCommand(
        settings: settings, raw: raw, check: !raw.has(.write), diff: raw.has(.diff), cli: cli)
    }
    return TocCommand(settings: settings, cli: cli)
  }
}

extension TocCommand: IsleCommand {
  static let configuration = CommandDescription(
    name: "toc", summary: "the contents, with a reading time for each section",
    usage: "isle toc [options] [file ...]",
    discussion: """
      Prints every section of each document on a row, with its reading time,
      and below them the bar reading the contents title and the total time;
      the text before the first heading has a row when it takes a minute.
      Reads standard input when no file is given, or for '-' (with --write,
      the document comes back on standard output).
      With a position, the current row sits on the puck and the bar says
      how much has been read.
      """,
    options: Flags.outline + Flags.many + Flags.path + Flags.position
      + Flags.display("text, json, tsv or markdown") + Flags.write + [
        OptionSpec(.stats, help: "say on stderr whether each document was split"),
        Flags.tokenizer, Flags.book,
      ],
    manyDocuments: true)
}
