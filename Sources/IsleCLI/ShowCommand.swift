import Cells
import Chunks
import Files
import HTMLOutline
import Island
import Options
import Outline
import Page
import Parallel
import Progress
import Reader
import Records
import Tokens
import Walk

/// `isle show`: sections' own text, for scripts and agents. What to print
/// is decided in `Progress` (`Selector`, `HeadingTree`, `Excerpt`); this
/// reads the documents side by side, prints them in order, and says what
/// no document had.
struct ShowCommand: RunnableCommand {
  /// How a section is printed.
  enum Format: String, CaseIterable, Sendable {
    /// Laid out as `isle read` draws it: an HTML page's default.
    case text
    /// A Markdown document's bytes as written: its default.
    case markdown
    /// An HTML page's bytes as written.
    case html
    /// One JSON record a section, one a line (JSON Lines; `jsonl` too).
    case json
    case jsonl
  }

  /// What was asked beyond the settings every command decides.
  struct Request: Sendable {
    var selectors: [Selector] = []
    /// `--all`: every section shown, and the text before the first.
    var all = false
    /// `--format`; nil for each document's own default.
    var format: Format? = nil
    var subsections = true
    var body = false
    var maxWords: Int? = nil
    /// The width `text` is laid out for.
    var width = 80
    /// What counts tokens, and how records are made chunks for retrieval.
    var tokenizer = Tokenizer.estimate
    var chunking = ChunkOptions()
    /// `--changed-since`: the hash of each key the old records had.
    var previous: [String: String]? = nil
    /// Its keys in the order the old file has them.
    var previousOrder: [String] = []
  }

  /// What one document gives.
  struct Answer: Sendable {
    var output: [UInt8] = []
    var status: ExitStatus = .success
    /// The line for standard error when the document failed.
    var error: String? = nil
    /// For each selector, nil when it matched, else what to say of it.
    var misses: [String?] = []
    /// A binary file met in a folder, passed over.
    var skipped = false
    /// The keys of the records it made, printed or not.
    var keys: [String] = []
    /// What was met reading it, each said on standard error as a warning.
    var warnings: [String] = []
  }

  let request: Request
  let settings: Settings
  let cli: CLI

  /// Every document answered in parallel and printed in order; then each
  /// selector no document had is said, exit 1.
  func run() throws -> ExitStatus {
    var statuses = cli.reportWalk(settings.walk)
    if cli.terminal.isTerminal {
      for folder in settings.walk.empty {
        cli.report("isle: \(folder): no documents (.md, .markdown, .html, .htm)")
      }
    }
    if !settings.records && settings.sources.isEmpty && settings.walk.empty.isEmpty {
      cli.report(CLI.nothingGiven(settings.shard, what: "documents"))
    }
    // The blocks a cut or a body needs come from the outline's own parse.
    var outlining = settings
    outlining.outline.findsBlocks = Self.needsBlocks(request)
    let (loader, sources, request, settings) = (
      outlining.loader(cli.files), outlining.sources, request, outlining
    )
    var matched = [Bool](repeating: false, count: request.selectors.count)
    var misses: [String?] = []
    var answered = 0
    var seen = Set<String>()
    let found = settings.walk.found
    func consume(_ answer: Answer) throws {
      guard !answer.skipped else { return }
      for warning in answer.warnings { cli.report("isle: warning: " + SafeText.forTerminal(warning)) }
      if let error = answer.error { cli.report(error) }
      if !answer.output.isEmpty { try cli.stdout.write(bytes: answer.output) }
      statuses.append(answer.status)
      // The keys matter to --changed-since only.
      if request.previous != nil { seen.formUnion(answer.keys) }
      guard answer.error == nil else { return }
      answered += 1
      misses = answer.misses
      for (index, miss) in misses.enumerated() where miss == nil { matched[index] = true }
    }
    if settings.records {
      try cli.forEachRecord(settings, failed: Answer.init(problem:)) { loaded, record in
        try Self.answer(
          loaded, source: .file(record.path), request: request, settings: settings,
          meta: record.meta)
      } consume: {
        try consume($0)
      }
    } else {
      try OrderedParallelMap.run(count: sources.count, jobs: settings.jobs) { index in
        do {
          // A chapter of an mdBook is shown as the book builds it.
          return try Self.answer(
            loader.loadAsBuilt(sources[index]), source: sources[index], request: request,
            settings: settings)
        } catch let error where DocumentError.isBinary(error) && found.contains(index) {
          // A binary file met in a folder is passed over, as grep passes it.
          return Answer(skipped: true)
        } catch {
          let failure = Failure(error)
          return Answer(status: failure.status, error: failure.line)
        }
      } consume: {
        try consume($1)
      }
    }
    if let previous = request.previous {
      try cli.stdout.write(bytes: Self.removed(previous, kept: seen, order: request.previousOrder))
    }
    for (index, selector) in request.selectors.enumerated() where !matched[index] && answered > 0 {
      let miss =
        answered == 1
        ? misses[index] ?? ""
        : "no section matches '\(selector.text)' in any of the \(answered) documents"
      cli.report("isle: error: " + miss)
      statuses.append(.nothingFound)
    }
    if statuses.contains(.failure) { return .failure }
    if statuses.contains(.nothingFound) || !statuses.contains(.success) { return .nothingFound }
    return .success
  }

  /// What `loaded` prints for `request`: the sections its selectors name
  /// (or all of them), and what each selector that matched nothing missed.
  /// An mdBook chapter's are those of its expanded text, their positions
  /// the chapter's own.
  static func answer(
    _ read: DocumentLoader.Loaded, source: InputSource, request: Request, settings: Settings,
    meta: String? = nil
  ) throws -> Answer {
    let loaded = read.chapter?.loaded ?? read
    let tree = Self.tree(of: loaded, settings: settings)
    let blocks =
      loaded.document.format == .markdown && needsBlocks(request) ? loaded.outlined.blocks : nil
    var result = try answer(
      loaded, tree: tree, blocks: blocks, source: source, request: request, settings: settings,
      meta: meta, chapter: read.chapter)
    result.warnings = read.warnings
    return result
  }

  /// Whether `request` cuts sections or leaves headings out: it needs a
  /// Markdown document's blocks, which its outline's parse then gives.
  static func needsBlocks(_ request: Request) -> Bool {
    request.maxWords != nil || request.body || request.chunking.maxTokens != nil
      || request.chunking.context
  }

  /// The headings of `loaded`, its text starting after any front matter.
  static func tree(of loaded: DocumentLoader.Loaded, settings: Settings) -> HeadingTree {
    let document = loaded.document
    let span = loaded.bytes.buffer.span
    return HeadingTree(
      document,
      textStart: document.format == .markdown ? DocumentShape.frontMatterEnd(of: span) : 0,
      rate: settings.outline.rate)
  }

  /// The same with the document's tree (and blocks, when the request
  /// cuts sections or leaves headings out) made.
  static func answer(
    _ loaded: DocumentLoader.Loaded, tree: HeadingTree, blocks: MarkdownBlocks?,
    source: InputSource, request: Request, settings: Settings, meta: String? = nil,
    chapter: BuiltChapter? = nil
  ) throws -> Answer {
    let document = loaded.document
    let name = source.displayName
    let format = try Self.format(request.format, of: document, name: name)
    var answer = Answer(misses: Array(repeating: nil, count: request.selectors.count))
    var excerpts = request.all ? tree.records() : []
    for (index, selector) in request.selectors.enumerated() {
      do {
        var resolved = selector
        if let chapter { resolved = try chapter.selector(selector) }
        for heading in try resolved.resolve(in: tree, document: document) {
          let body =
            request.body ? { bodyStart($0, tree: tree, blocks: blocks, loaded: loaded) } : nil
          if let excerpt = tree.excerpt(heading, subsections: request.subsections, bodyStart: body)
          {
            excerpts.append(excerpt)
          }
        }
      } catch .position(let error) {
        throw DocumentError(error.message(document: name), status: .failure)
      } catch {
        answer.misses[index] = describe(error, selector, in: tree, name: name)
      }
    }
    if !request.all { excerpts = Excerpt.merged(excerpts) }
    if let maxWords = request.maxWords, let blocks {
      excerpts = excerpts.flatMap {
        $0.cut(maxWords: maxWords, blocks: blocks, rate: settings.outline.rate)
      }
    }
    answer.output = try render(
      excerpts, as: format, tree: tree, blocks: blocks, loaded: loaded, source: source,
      request: request, settings: settings, meta: meta, chapter: chapter, keys: &answer.keys)
    return answer
  }

  /// The format `document` is printed in: the one asked for, else its
  /// own (Markdown as written, HTML laid out). Asking for the other kind's
  /// bytes is an error naming the document.
  static func format(_ asked: Format?, of document: Document, name: String) throws -> Format {
    let own: Format = document.format == .html ? .html : .markdown
    guard let asked else { return own == .html ? .text : .markdown }
    if (asked == .markdown || asked == .html) && asked != own {
      throw DocumentError(
        "\(name) is \(own == .html ? "an HTML page" : "Markdown"): '--format \(asked.rawValue)' "
          + "prints \(asked == .html ? "an HTML page" : "a Markdown document") as written; "
          + "'--format \(own.rawValue)' prints this one's bytes, '--format text' its text",
        status: .failure)
    }
    return asked
  }

  /// Where the body of `heading` starts: after its lines (a setext
  /// heading's underline too, as cmark read it), or past the end tag of
  /// an HTML heading (in Markdown, the rest of that line with it when it
  /// is blank).
  static func bodyStart(
    _ heading: Int, tree: HeadingTree, blocks: MarkdownBlocks?, loaded: DocumentLoader.Loaded
  ) -> Int {
    let found = tree.headings[heading]
    if let end = blocks?.headingEnd(at: found.offset) { return end }
    let document = loaded.document
    let buffer = loaded.bytes.buffer
    let nextLine = document.lines.offset(ofLine: found.line + 1)
    let next = heading + 1 < tree.headings.count ? tree.headings[heading + 1].offset : buffer.count
    guard
      let close = HTMLHeadingEnd.find(
        in: buffer.span, from: found.offset, level: found.level, before: next)
    else { return min(nextLine, next) }
    if document.format == .html { return close }
    let after = document.lines.offset(ofLine: document.lines.line(ofOffset: close) + 1)
    let rest = buffer[close..<max(close, after)]
    return rest.allSatisfy { [0x20, 0x09, 0x0A, 0x0D].contains($0) } ? after : close
  }

  /// What to say of a selector that matched nothing, or several.
  static func describe(
    _ miss: SelectorError, _ selector: Selector, in tree: HeadingTree, name: String
  )
    -> String
  {
    func list(_ indices: [Int]) -> String {
      indices.map { index in
        let heading = tree.headings[index]
        let title = SafeText.forTerminal(heading.title)
        let id = heading.id.map { "#" + SafeText.forTerminal($0) }
        guard let number = heading.number else {
          return "\(title) (\(id.map { $0 + ", " } ?? "")level \(heading.level))"
        }
        return "\(number) \(title)" + (id.map { " (\($0))" } ?? "")
      }
      .joined(separator: ", ")
    }
    let text = SafeText.forTerminal(selector.text)
    switch miss {
    case .noMatch(let closest):
      if tree.headings.isEmpty { return "no section matches '\(text)': \(name) has no sections" }
      return "no section matches '\(text)' in \(name)"
        + (closest.isEmpty ? "" : "; closest: " + list(closest))
    case .ambiguous(let matches):
      return "'\(text)' matches \(matches.count) sections in \(name): " + list(matches)
    case .noPreamble:
      return "\(name) has no text before its first section"
    case .position(let error):
      return error.message(document: name)
    }
  }
}

extension ShowCommand {
  /// `show`'s words read into selectors, files and a request.
  init(_ raw: RawArguments, cli: CLI) throws {
    let all = raw.has(.all)
    let (words, files) = Self.operands(raw, files: cli.files)
    var selectors = words.map(Selector.init)
    for option in raw.options where option.name == .line || option.name == .offset {
      selectors.append(.position(option.name == .line ? .line : .offset, option.value ?? ""))
    }
    if all, let first = selectors.first {
      let named = words.isEmpty ? " ('\(first.text)')" : ", and '\(first.text)' names no file"
      throw UsageError(
        "'--all' prints every section and takes no selector" + named, command: "show")
    }
    if !all && selectors.isEmpty {
      throw UsageError(
        "show needs a SELECTOR: a number, an id, a title, a path (Install/Linux), "
          + "a range (3..5), --line N or --offset B; or --all",
        command: "show")
    }
    if let backwards = selectors.first(where: \.isBackwards) {
      throw UsageError(
        "the range '\(backwards.text)' runs backwards: give its first section first",
        command: "show")
    }
    // Formats and positions are show's own: the settings see neither.
    var common = raw
    common.options.removeAll { [.format, .line, .offset].contains($0.name) }
    let settings = try cli.decideSettings(
      common, operands: files, command: .show, formats: [.text], terminal: cli.terminal)
    var request = ShowCommand.Request(selectors: selectors, all: all)
    request.format =
      try OptionValues.choice(raw, .format, as: ShowCommand.Format.self, command: "show")
      ?? (settings.records ? .jsonl : nil)
    request.subsections = !raw.has(.noSubsections)
    request.body = raw.has(.body)
    request.maxWords = try OptionValues.integer(
      raw, .maxWords, in: 1...1_000_000_000, command: "show")
    request.chunking.maxTokens = try OptionValues.integer(
      raw, .maxTokens, in: 8...1_000_000_000, command: "show")
    request.chunking.minTokens = try OptionValues.integer(
      raw, .minTokens, in: 1...1_000_000_000, command: "show")
    request.chunking.overlap =
      try OptionValues.integer(raw, .overlap, in: 0...1_000_000_000, command: "show") ?? 0
    request.chunking.context = raw.has(.context)
    if [.json, .jsonl].contains(request.format) {
      request.tokenizer = try settings.tokenizer(cli.files)
    }
    if let old = raw.value(.changedSince) {
      (request.previous, request.previousOrder) = try Self.previousRecords(old, files: cli.files)
    }
    // A readable measure on a terminal, as the pager's; 80 in a pipe.
    request.width =
      try OptionValues.integer(raw, .width, in: 1...100_000, command: "show")
      ?? (cli.terminal.isTerminal ? min(settings.display.width, ReaderState.readableMeasure) : 80)
    self.init(request: request, settings: settings, cli: cli)
  }

  /// The selectors and the files: the operands up to the first that names
  /// a file or folder there is, or `-`, or looks like a document's name
  /// (so a mistyped one is reported missing); or those before `--` when
  /// some stand before it. A `--` that only ended the options (a selector
  /// that starts with `-`) leaves the rule to the words after it, up to a
  /// second `--`.
  private static func operands(_ raw: RawArguments, files: FileAccess) -> ([String], [String]) {
    var words = raw.operands
    if let dashes = raw.operandsBeforeDashes {
      if dashes > 0 { return (Array(words[..<dashes]), Array(words[dashes...])) }
      if let second = words.firstIndex(of: "--") {
        return (Array(words[..<second]), Array(words[(second + 1)...]))
      }
    }
    let first =
      words.firstIndex { word in
        word == "-" || files.kind(word) != FileKind.missing
          || (!word.contains("#") && SourceWalker.isDocument(word))
      } ?? words.count
    let documents = Array(words[first...])
    words.removeSubrange(first...)
    return (words, documents)
  }
}
