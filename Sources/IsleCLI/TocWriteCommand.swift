import Cells
import Editing
import Files
import Island
import Options
import Outline
import Walk

/// `isle toc --write`, `--check` and `--diff`: keep the contents list
/// between a document's markers up to date, touching nothing else.
///
/// Every marker style of the common tools is read (see `TocMarker`); the
/// options a list was made with are noted in the document (see
/// `NotedOptions`) and those on the command line win and are
/// noted in turn. A file without markers is skipped with a note, so
/// that a hook can run over any set of files.
struct TocWriteCommand: RunnableCommand {
  let settings: Settings
  /// The command line, for the options a document's own override.
  let raw: RawArguments
  let check: Bool
  let diff: Bool
  let cli: CLI
  /// The files named on the command line (not found in a folder).
  var named: Set<String> { Set(raw.operands) }

  /// A file whose markers do not make one list.
  struct MarkerError: IsleError {
    let path: String
    let problem: String

    var message: String? { "\(path): \(problem)" }
    var status: ExitStatus { .failure }
  }

  /// What became of one file.
  enum Outcome {
    case current
    case noMarkers
    /// The list changed: the file's bytes before and after.
    case changed(old: [UInt8], new: [UInt8])
  }

  func run() throws -> ExitStatus {
    var status = cli.reportWalk(settings.walk).isEmpty ? ExitStatus.success : .failure
    var loader = settings.loader(cli.files)
    loader.options.format = .markdown
    if settings.sources.contains(.standardInput) {
      guard settings.sources.count == 1 else {
        throw UsageError(
          "standard input ('-') goes alone with --write, --check and --diff: its document "
            + "comes back on standard output", command: "toc")
      }
      return try filter(loader: loader)
    }
    let found = settings.walk.found
    for (index, source) in settings.sources.enumerated() {
      guard case .file(let path) = source else { continue }
      // Lists are kept in Markdown; an HTML page found in a folder is
      // passed over, one named is skipped with a note.
      if settings.outline.format != .markdown, DocumentFormat.fromExtension(of: path) == .html {
        if named.contains(path) {
          cli.report("isle: \(SafeText.forTerminal(path)): not Markdown; skipped")
        }
        continue
      }
      // Errors of one file are reported in its turn and the others go on;
      // an error writing the list of files ends the run.
      let outcome: Outcome
      do {
        outcome = try self.outcome(source, path: path, loader: loader)
      } catch let error where DocumentError.isBinary(error) && found.contains(index) {
        continue  // a binary file met in a folder is passed over
      } catch {
        if let line = Failure(error).line { cli.report(line) }
        status = .failure
        continue
      }
      switch outcome {
      case .current: continue
      case .noMarkers:
        cli.report("isle: \(SafeText.forTerminal(path)): no contents markers; skipped")
      case .changed(let old, let new):
        try cli.stdout.write(path + "\n")
        if check {
          if diff {
            try cli.stdout.write(
              UnifiedDiff.render(
                old: String(decoding: old, as: UTF8.self),
                new: String(decoding: new, as: UTF8.self), oldName: path, newName: path))
          }
          if status == .success { status = .nothingFound }
        }
      }
    }
    return status
  }

  /// `--write -`: the document on standard input written to standard
  /// output, its list brought up to date (as mdformat and prettier do), so
  /// an editor can pipe a buffer through it; unchanged when it is current
  /// or has no markers (with a note). Markers that do not pair are an
  /// error and nothing is written. `--check -` and `--diff -` print `-`
  /// (and the diff) when the list is stale, and exit 1.
  private func filter(loader: DocumentLoader) throws -> ExitStatus {
    let source = InputSource.standardInput
    let bytes = try loader.bytes(source)
    let given = withExtendedLifetime(bytes) { Array(bytes.buffer) }
    let outcome = try self.outcome(
      source, path: source.displayName, loader: loader, given: given)
    if case .noMarkers = outcome {
      cli.report("isle: \(source.displayName): no contents markers; unchanged")
    }
    guard check else {
      if case .changed(_, let new) = outcome {
        try cli.stdout.write(bytes: new)
      } else {
        try cli.stdout.write(bytes: given)
      }
      return .success
    }
    guard case .changed(let old, let new) = outcome else { return .success }
    try cli.stdout.write("-\n")
    if diff {
      try cli.stdout.write(
        UnifiedDiff.render(
          old: String(decoding: old, as: UTF8.self), new: String(decoding: new, as: UTF8.self),
          oldName: "-", newName: "-"))
    }
    return .nothingFound
  }

  /// Brings one file's list up to date (unless checking). With `given`,
  /// those are the file's bytes (an editor's unsaved text) and nothing is
  /// read or written: the language server's "Update contents".
  func outcome(
    _ source: InputSource, path: String, loader: DocumentLoader, given: [UInt8]? = nil
  ) throws -> Outcome {
    func load(_ loader: DocumentLoader) throws -> DocumentLoader.Loaded {
      guard let given else { return try loader.load(source) }
      return try loader.load(LoadedBytes(copying: given), path: source.path)
    }
    var loaded = try load(loader)
    guard var region = try Self.region(of: loaded, path: path) else { return .noMarkers }
    // The document's noted options, then the command line's.
    let noted = try Self.notedOptions(of: loaded, region: region, path: path)
    let configured = raw.options.filter { $0.origin != nil }
    let typed = raw.options.filter { $0.origin == nil }
    let merged = RawArguments(options: configured + noted + typed, operands: raw.operands)
    var options = try OptionValues.outlineOptions(merged, command: "toc")
    options.format = .markdown
    options.split = loader.options.split
    let slug = try OptionValues.slug(merged, command: "toc")
    if options != loader.options || (slug == .auto) != (loader.detector != nil) {
      var own = loader
      own.options = options
      own.detector = slug == .auto ? SlugFlavorDetector(files: cli.files) : nil
      loaded = try load(own)
      guard let again = try Self.region(of: loaded, path: path) else { return .noMarkers }
      region = again
    }
    let request = try TocRequest.decide(merged, command: "toc")
    let record = NotedOptions.given(in: raw, kept: TocRequest.noted)
    let recorded =
      record
      ? NotedOptions.recorded(
        noted: noted, typed: typed, kept: TocRequest.noted) : []
    return try withExtendedLifetime(loaded) { () throws -> Outcome in
      let bytes = loaded.bytes.buffer
      let document = loaded.document
      let style = TocList.style(of: bytes.span, region: region, numbering: request.numbering)
      let list = TocList.text(
        TocList.sections(
          of: document, includeTitle: request.includeTitle, afterMarkers: request.afterMarkers,
          region: region, bytes: bytes.span),
        format: .markdown, style: style, details: request.details,
        summary: settings.display.copy.contentsTitle)
      var opening: String? = nil
      var forNote = recorded
      if record, region.opening.kind == .mdformatStart {
        opening = NotedOptions.mdformatMarker(region.opening, options: recorded)
        forNote.removeAll(where: NotedOptions.inMdformatMarker)
      }
      let note = record ? (forNote.isEmpty ? nil : NotedOptions.note(forNote)) : nil
      var edited = region
      if record && forNote.isEmpty { edited = region.withoutNote }
      let updated = TocEdit.apply(
        list: list, to: bytes.span, region: edited, note: note, opening: opening)
      guard !updated.elementsEqual(bytes) else { return .current }
      if !check && given == nil {
        do throws(AtomicFile.WriteError) {
          try cli.writer.replace(
            cli.files.resolvedPath(path), with: updated, unlessChangedFrom: loaded.bytes)
        } catch {
          throw DocumentError("\(path): \(error.message)", status: .failure)
        }
      }
      return .changed(old: Array(bytes), new: updated)
    }
  }

  /// The options the list `region` marks was made with, as the document
  /// notes them, each knowing the file and line of its note (or
  /// marker); a word there that is no such option is an error naming them.
  private static func notedOptions(
    of loaded: DocumentLoader.Loaded, region: TocRegion, path: String
  ) throws -> [GivenOption] {
    let shallowest =
      (loaded.document.sections.map(\.level) + loaded.document.folded.map(\.level)).min() ?? 1
    let words = NotedOptions.words(
      opening: region.opening, note: region.note, shallowest: shallowest)
    guard !words.isEmpty else { return [] }
    let line = loaded.document.lines.line(ofOffset: (region.note ?? region.opening).offset)
    do {
      return try RawArguments.parse(
        words, specs: TocRequest.noted, command: "toc", tables: Command.tables
      )
      .options.map {
        GivenOption(
          name: $0.name, value: $0.value, spelling: $0.spelling, origin: "\(path):\(line)")
      }
    } catch let error as UsageError {
      throw MarkerError(
        path: "\(path):\(line)", problem: "in the list's options: \(error.problem)")
    }
  }

  /// The list `loaded` marks, if any; a list is written in UTF-8, so
  /// one in a UTF-16 or UTF-32 document is an error.
  private static func region(of loaded: DocumentLoader.Loaded, path: String) throws
    -> TocRegion?
  {
    if let encoding = loaded.document.charset, !loaded.document.markers.isEmpty {
      throw DocumentError(
        "\(path): a \(encoding.uppercased()) document; isle keeps contents lists in UTF-8 "
          + "documents only, and leaves this one as it is", status: .failure)
    }
    do {
      return try withExtendedLifetime(loaded) {
        try TocRegion.find(loaded.document.markers, in: loaded.bytes.buffer.span)
      }
    } catch let mismatch as TocRegion.MismatchError {
      throw MarkerError(path: path, problem: mismatch.problem)
    }
  }
}
