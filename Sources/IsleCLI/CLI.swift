import Outline

/// What one document gives: its output, what it found, and an error line.
struct Answer: Sendable {
  var output = ""
  var status: ExitStatus
  var error: String? = nil
}

/// The command line as a library: arguments, environment and streams come
/// in, an exit status goes out, so tests run it in-process.
public struct CLI {
  /// The version `--version` prints.
  public static let version = "0.1.0"

  /// The environment variables isle reads (`COLUMNS`, later `NO_COLOR`…).
  let environment: [String: String]
  let stdout: OutputSink
  let stderr: OutputSink
  let reader: DocumentReading
  let terminal: TerminalFacts
  let writer: AtomicFile

  /// A command line with the given surroundings.
  public init(
    environment: [String: String], stdout: OutputSink, stderr: OutputSink,
    reader: DocumentReading = SystemReader(), terminal: TerminalFacts = .pipe
  ) {
    self.init(
      environment: environment, stdout: stdout, stderr: stderr, reader: reader, terminal: terminal,
      writer: AtomicFile())
  }

  init(
    environment: [String: String], stdout: OutputSink, stderr: OutputSink, reader: DocumentReading,
    terminal: TerminalFacts, writer: AtomicFile
  ) {
    self.writer = writer
    self.environment = environment
    self.terminal = terminal
    self.stdout = stdout
    self.stderr = stderr
    self.reader = reader
  }

  /// Runs `arguments` (without the program name) and returns the exit
  /// status. Output is flushed; a closed pipe ends quietly with 0.
  public func run(_ arguments: [String]) -> Int32 {
    do {
      let status = try dispatch(arguments)
      try stdout.flush()
      return status.rawValue
    } catch is ClosedPipe {
      return ExitStatus.success.rawValue
    } catch let failure as DocumentFailure {
      report("isle: error: \(failure.message)")
      return failure.status.rawValue
    } catch let error as UsageError {
      report(error.line)
      return ExitStatus.failure.rawValue
    } catch {
      report("isle: error: \(error)")
      return ExitStatus.failure.rawValue
    }
  }

  /// One line for an outline that was refused.
  static func describe(_ error: OutlineError) -> String {
    switch error {
    case .tooDeep(let depth, let limit):
      return "HTML nests \(depth) elements deep, past the limit of \(limit) "
        + "(raise it with --max-depth)"
    }
  }

  /// Writes one line to standard error.
  func report(_ line: String) {
    try? stderr.write(line + "\n")
    try? stderr.flush()
  }

  private func dispatch(_ arguments: [String]) throws -> ExitStatus {
    guard let first = arguments.first else {
      throw UsageError("no command given; try 'isle toc FILE'")
    }
    switch first {
    case "-h", "--help":
      try stdout.write(Command.generalHelp)
      return .success
    case "--version", "-V":
      try stdout.write("isle \(Self.version)\n")
      return .success
    default:
      break
    }
    guard let command = Command(rawValue: first) else {
      if first.hasPrefix("-") { throw UsageError("unknown option '\(first)'") }
      throw UsageError("unknown command '\(first)'")
    }
    // The config file's settings go first, so the command line wins.
    let configured = try Config.path(environment: environment).map {
      try Config.words(at: $0, reader: reader).filter { word in
        command.options.contains { word.hasPrefix("--\($0.name)=") }
      }
    }
    let raw = try RawArguments.parse(
      (configured ?? []) + Array(arguments.dropFirst()), specs: command.options,
      command: command.rawValue)
    if raw.has("help") {
      try stdout.write(command.help)
      return .success
    }
    switch command {
    case .help:
      return try help(raw.operands)
    case .pick:
      try Self.expectOneDocument(raw.operands, command: command)
      // The island is drawn on the terminal device, whatever stdout is.
      let settings = try Settings.decide(
        raw, operands: raw.operands, command: .pick, formats: [.text], environment: environment,
        terminal: TerminalFacts(isTerminal: true, columns: nil), files: reader)
      let print =
        try Values.choice(
          raw, "print", as: JumpPrint.self, allowed: [.line, .offset, .id, .json], command: "pick")
        ?? .line
      let reduce =
        raw.has("reduce-motion")
        || !(environment["ISLE_REDUCE_MOTION"] ?? "").isEmpty
          && environment["ISLE_REDUCE_MOTION"] != "0"
      return try PickCommand(
        settings: settings, print: print, closed: raw.has("closed"), reduceMotion: reduce, cli: self
      )
      .run()
    case .completions:
      guard let shell = raw.operands.first.flatMap(Completions.Shell.init(rawValue:)),
        raw.operands.count == 1
      else {
        throw UsageError(
          "completions needs one shell: bash, zsh or fish (got '\(raw.operands.joined(separator: " "))')",
          command: "completions")
      }
      try stdout.write(Completions.script(for: shell))
      return .success
    case .toc:
      let settings = try Settings.decide(
        raw, operands: raw.operands, command: .toc, formats: [.text, .json, .tsv, .markdown],
        environment: environment, terminal: terminal, files: reader)
      if raw.has("write") || raw.has("check") {
        return try TocWriteCommand(
          settings: settings, check: raw.has("check"), diff: raw.has("diff"),
          afterMarkers: raw.has("after-markers"), cli: self, named: Set(raw.operands)
        ).run()
      }
      return try TocCommand(settings: settings, cli: self).run()
    case .where:
      try Self.expectOneDocument(raw.operands, command: command)
      let settings = try Settings.decide(
        raw, operands: raw.operands, command: .where, formats: [.text, .spoken, .json],
        environment: environment, terminal: terminal, files: reader)
      guard !settings.reader.isEmpty else {
        throw UsageError(
          "where needs a position: --offset B, --line N, --percent P or --section X",
          command: "where")
      }
      return try WhereCommand(settings: settings, cli: self).run()
    case .jump:
      guard let target = raw.operands.first else {
        throw UsageError(
          "jump needs a TARGET: a number, an id, a title, next, prev, first or last",
          command: "jump")
      }
      let files = Array(raw.operands.dropFirst())
      try Self.expectOneDocument(files, command: command)
      let settings = try Settings.decide(
        raw, operands: files, command: .jump, formats: [.text], environment: environment,
        terminal: terminal, files: reader)
      let print = try Values.choice(raw, "print", as: JumpPrint.self, command: "jump") ?? .line
      return try JumpCommand(target: target, print: print, settings: settings, cli: self).run()
    }
  }

  private static func expectOneDocument(_ files: [String], command: Command) throws {
    guard files.count <= 1 else {
      throw UsageError(
        "\(command.rawValue) reads one document, not \(files.count) ('\(files[1])')",
        command: command.rawValue)
    }
  }

  private func help(_ operands: [String]) throws -> ExitStatus {
    guard let name = operands.first else {
      try stdout.write(Command.generalHelp)
      return .success
    }
    guard let command = Command(rawValue: name) else {
      throw UsageError("unknown command '\(name)'", command: "help")
    }
    try stdout.write(command.help)
    return .success
  }

  /// Reads and outlines each document and hands it to `body`, which says
  /// what to print and what it found; documents are read in parallel on
  /// `settings.jobs` threads and printed in argument order, with
  /// `separator` between documents that print something. A document that
  /// fails is reported on standard error, naming it, in its turn, and the
  /// others go on. The status is 2 if any failed, else 0 if any found
  /// something, else 1.
  func forEachDocument(
    _ settings: Settings, separator: String = "",
    _ body: @escaping @Sendable (Document, InputSource) throws -> Answer
  ) throws -> ExitStatus {
    var statuses: [ExitStatus] = settings.walkFailures.map { _ in .failure }
    for failure in settings.walkFailures { report("isle: error: \(failure)") }
    let reader = self.reader
    let sources = settings.sources
    let options = settings.outline
    let maxSize = settings.maxSize
    var printedAny = false
    try OrderedWork.run(count: sources.count, jobs: settings.jobs) { index in
      let source = sources[index]
      do {
        let loaded = try reader.load(source, limit: maxSize)
        let document = try withExtendedLifetime(loaded) {
          try Outliner.outline(
            loaded.buffer, path: source.path, options: options, release: loaded.release)
        }
        return try body(document, source)
      } catch let error as OutlineError {
        return Answer(status: .failure, error: source.displayName + ": " + Self.describe(error))
      } catch let failure as ReadFailure {
        return Answer(status: .failure, error: failure.message)
      } catch let failure as DocumentFailure {
        return Answer(status: failure.status, error: failure.message)
      } catch {
        return Answer(status: .failure, error: "\(source.displayName): \(error)")
      }
    } emit: { _, answer in
      if let error = answer.error { report("isle: error: \(error)") }
      if !answer.output.isEmpty {
        try stdout.write((printedAny ? separator : "") + answer.output)
        printedAny = true
      }
      statuses.append(answer.status)
    }
    if statuses.contains(.failure) { return .failure }
    return statuses.contains(.success) ? .success : .nothingFound
  }
}
