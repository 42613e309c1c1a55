import Cells
import Files
import Outline
import Parallel
import Records
import Walk

extension CLI {
  /// Loads each document and hands it to `body`, which says what to print
  /// and what it found; documents are read in parallel on `settings.jobs`
  /// threads and printed in argument order, with `separator` between
  /// documents that print something. A document that fails is reported on
  /// standard error, naming it, in its turn, and the others go on.
  ///
  /// The status is 2 if any document failed, else 0 if any found
  /// something, else 1; walk warnings (a broken link found in a folder)
  /// make it 2 only when nothing at all was found.
  ///
  /// When standard output is a terminal, what was not found (a document
  /// without headings, a folder without documents) is said in one line on
  /// standard error; in pipes and files nothing is, as grep keeps quiet.
  func forEachDocument(
    _ settings: Settings, separator: String = "",
    _ body: @escaping @Sendable (Document, InputSource) throws -> DocumentOutput
  ) throws -> ExitStatus {
    try forEachLoaded(settings, separator: separator) { loaded, source, _ in
      try body(loaded.document, source)
    }
  }

  /// The same, `body` given each document with its bytes and the loader
  /// that read them (a chapter of an mdBook as the book builds it,
  /// `DocumentLoader.loadAsBuilt`), for a command that outlines them again (`jump` to a
  /// heading the levels shown leave out: standard input cannot be read
  /// twice).
  func forEachLoaded(
    _ settings: Settings, separator: String = "",
    _ body:
      @escaping @Sendable (DocumentLoader.Loaded, InputSource, DocumentLoader) throws ->
      DocumentOutput
  ) throws -> ExitStatus {
    var statuses: [ExitStatus] = reportWalk(settings.walk)
    // What found nothing is said on a terminal as it comes, and always
    // when the whole run found nothing, so a CI log shows why it failed.
    let noting = terminal.isTerminal
    var held: [String] = settings.walk.empty.map {
      "isle: \($0): no documents (.md, .markdown, .html, .htm)"
    }
    if settings.sources.isEmpty && held.isEmpty {
      held.append(Self.nothingGiven(settings.shard, what: "documents"))
    }
    if noting {
      held.forEach(report)
      held = []
    }
    let loader = settings.loader(files)
    let sources = settings.sources
    let found = settings.walk.found
    var printedAny = false
    try OrderedParallelMap.run(count: sources.count, jobs: settings.jobs) { index in
      let source = sources[index]
      do {
        // A chapter of an mdBook is read as its book builds it.
        let loaded = try loader.loadAsBuilt(source)
        var output = try body(loaded, source, loader)
        output.warnings = loaded.warnings + output.warnings
        return output
      } catch let error where DocumentError.isBinary(error) && found.contains(index) {
        // A binary file met in a folder is passed over, as grep passes it.
        let stats = "\(SafeText.forTerminal(source.displayName)): binary file, skipped"
        return DocumentOutput(status: .nothingFound, stats: settings.stats ? stats : nil)
      } catch {
        let failure = Failure(error)
        return DocumentOutput(status: failure.status, error: failure.line)
      }
    } consume: { _, answer in
      for warning in answer.warnings { report("isle: warning: " + SafeText.forTerminal(warning)) }
      if let error = answer.error { report(error) }
      if let note = answer.note {
        if noting { report("isle: \(note)") } else { held.append("isle: \(note)") }
      }
      if let stats = answer.stats { report("isle: stats: \(stats)") }
      if !answer.output.isEmpty {
        try stdout.write((printedAny ? separator : "") + answer.output)
        printedAny = true
      }
      statuses.append(answer.status)
    }
    if statuses.contains(.failure) { return .failure }
    if statuses.contains(.success) { return .success }
    held.forEach(report)
    return settings.walk.warnings.isEmpty ? .nothingFound : .failure
  }

  /// Reports what walking the folders ran into, errors then warnings; a
  /// failure status for each error.
  func reportWalk(_ walk: SourceWalker.Walked) -> [ExitStatus] {
    for failure in walk.failures { report("isle: error: \(failure)") }
    for warning in walk.warnings { report("isle: warning: \(warning)") }
    return walk.failures.map { _ in .failure }
  }
}

extension CLI {
  /// `--records`: each line of standard input a document (`DocumentRecord`),
  /// outlined and given to `answer` on every core, a batch at a time, and
  /// each answer to `consume` in input order. A line that is no record, a
  /// record past `--max-size` and a document that fails are given to
  /// `failed` in their turn, and the rest goes on. The lines `--shard`
  /// leaves to other shares are passed over. A record's path names it,
  /// and no folder is looked at for it (`--slug auto` is GitHub's ids).
  func forEachRecord<Output: Sendable>(
    _ settings: Settings, failed: @escaping @Sendable (RecordError) -> Output,
    _ answer: @escaping @Sendable (DocumentLoader.Loaded, DocumentRecord) throws -> Output,
    consume: (Output) throws -> Void
  ) throws {
    var reading = settings.loader(files)
    reading.detector = nil
    let loader = reading
    let limit = settings.maxSize
    var reader = LineReader(descriptor: 0)
    let kept = try RecordLoop.run(&reader, jobs: settings.jobs, shard: settings.shard) { read in
      switch read {
      case .failure(let problem): return failed(problem)
      case .success(let record):
        guard record.text.count <= limit else {
          let reason = SystemFiles.tooLarge(record.text.count, limit: limit)
          return failed(RecordError(record, reason: reason))
        }
        do {
          let bytes = LoadedBytes(copying: record.text)
          return try answer(loader.load(bytes, path: record.path), record)
        } catch {
          return failed(RecordError(record, reason: Self.reason(error, path: record.path)))
        }
      }
    } consume: {
      try consume($0)
    }
    if kept == 0 { report(Self.nothingGiven(settings.shard, what: "records")) }
  }

  /// What a run given nothing to read says: an empty list or standard
  /// input, or a share that kept none of it.
  static func nothingGiven(_ shard: Shard?, what: String) -> String {
    if let shard { return "isle: --shard \(shard.index)/\(shard.count): no \(what) in this share" }
    return "isle: no \(what) to read: the input named none"
  }

  /// Why a record's document failed, without the prefix and the path the
  /// line on standard error has (the record names both).
  static func reason(_ error: any Error, path: String) -> String {
    reason(line: Failure(error).line ?? "\(error)", path: path)
  }

  /// The same, from the line for standard error.
  static func reason(line: String, path: String) -> String {
    var line = Substring(line)
    for prefix in ["isle: error: ", SafeText.forTerminal(path) + ": ", path + ": "]
    where line.hasPrefix(prefix) {
      line = line.dropFirst(prefix.count)
    }
    return String(line)
  }
}

extension ExitStatus {
  /// What many documents' statuses make: 2 if any failed, else 0 if any
  /// found something, else 1 (nothing at all included).
  static func combined(_ statuses: [ExitStatus]) -> ExitStatus {
    if statuses.contains(.failure) { return .failure }
    return statuses.contains(.success) ? .success : .nothingFound
  }
}
