import Book
import Cells
import Links
import Outline
import Terminal

/// Which command runs, with what: the first word decides, the config file
/// and the options are read, and the command is handed its settings.
extension CLI {
  func dispatch(_ arguments: [String]) throws -> ExitStatus {
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
      if first.hasPrefix("-") {
        throw UsageError(
          "unknown option '\(first)'"
            + EditDistance.suggestion(
              for: String(first.drop { $0 == "-" }), in: ["help", "version"], prefix: "--"))
      }
      throw UsageError(
        "unknown command '\(first)'"
          + EditDistance.suggestion(for: first, in: Command.allCases.map(\.rawValue), prefix: ""))
    }
    var raw = try RawArguments.parse(
      Array(arguments.dropFirst()), specs: command.options, command: command.rawValue)
    if raw.has("help") {
      try stdout.write(command.help)
      return .success
    }
    try OptionRules.check(raw, specs: command.options, command: command.rawValue)
    // The config file's settings go first, so the command line wins. The
    // language server goes on without the lines that are wrong.
    var configProblems: [UsageError] = []
    if let path = Config.path(environment: environment) {
      let (options, problems) = try Config.read(at: path, files: files)
      if let first = problems.first, command != .lsp { throw first }
      configProblems = problems
      let configured = options.filter { given in
        command.options.contains { $0.name == given.name }
      }
      raw.options.insert(contentsOf: configured, at: 0)
    }
    switch command {
    case .help:
      return try help(raw.operands)
    case .pick:
      try Self.expectOneDocument(raw.operands, command: command)
      // The island is drawn on the terminal device, whatever stdout is.
      let settings = try decideSettings(
        raw, operands: raw.operands, command: .pick, formats: [.text],
        terminal: TerminalFacts(isTerminal: true, columns: nil))
      let print =
        try OptionValues.choice(
          raw, "print", as: SectionPrint.self, allowed: [.line, .offset, .id, .json],
          command: "pick")
        ?? .line
      let reduce = Self.reducesMotion(raw, environment: environment)
      return try PickCommand(
        settings: settings, print: print, closed: raw.has("closed"), reduceMotion: reduce, cli: self
      )
      .run()
    case .read:
      try Self.expectOneDocument(raw.operands, command: command)
      // The pager draws on the terminal whatever standard output is; in a
      // pipe, the page goes there, coloured only as the pipe is.
      let settings = try decideSettings(
        raw, operands: raw.operands, command: .read, formats: [.text],
        terminal: terminal.isTerminal ? TerminalFacts(isTerminal: true, columns: nil) : terminal)
      return try ReadCommand(
        settings: settings, options: try ReadOptions.decide(raw, environment: environment),
        cli: self
      ).run()
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
      if raw.operands.count == 1 && !raw.has("write") && !raw.has("check") && !raw.has("diff"),
        let book = try BookCommand.book(raw.operands[0], forced: raw.has("book"), files: files)
      {
        let settings = try decideSettings(
          raw, operands: [], command: .toc, formats: [.text, .json, .markdown], terminal: terminal)
        return try BookCommand(book: book, settings: settings, cli: self).run()
      }
      if raw.has("book") {
        throw UsageError("--book reads one folder as a book", command: "toc")
      }
      let settings = try decideSettings(
        raw, operands: raw.operands, command: .toc, formats: [.text, .json, .tsv, .markdown],
        terminal: terminal)
      if raw.has("write") || raw.has("check") || raw.has("diff") {
        return try TocWriteCommand(
          settings: settings, raw: raw, check: !raw.has("write"), diff: raw.has("diff"), cli: self
        ).run()
      }
      return try TocCommand(settings: settings, cli: self).run()
    case .check:
      var operands = raw.operands
      var audited: (book: Book, audit: BookAudit)? = nil
      if operands.count == 1,
        let book = try BookCommand.book(operands[0], forced: raw.has("book"), files: files)
      {
        let audit = BookAudit(book, in: BookFiles(files: files))
        let missing = Set(audit.missing.compactMap(\.path))
        operands = book.chapters.compactMap(\.path).filter { !missing.contains($0) }.map {
          BookPath.join(book.folder, $0)
        }
        audited = (book, audit)
      }
      let settings = try decideSettings(
        raw, operands: operands, command: .check, formats: [.text, .json], terminal: terminal)
      if let audited {
        try BookCommand.report(
          audited.audit, of: audited.book, json: settings.format == .json, cli: self)
        if operands.isEmpty { return audited.audit.isEmpty ? .success : .nothingFound }
      }
      var repository: RepositoryURL? = nil
      if let address = raw.value("repository-url") {
        guard let parsed = RepositoryURL(address) else {
          throw raw.invalid(
            "repository-url", address, expected: "an http(s) URL such as https://github.com/o/r",
            command: "check")
        }
        repository = parsed
      }
      let status = try CheckCommand(
        settings: settings, root: raw.value("root"), repository: repository, fix: raw.has("fix"),
        exclude: raw.options.filter { $0.name == "exclude" }.compactMap(\.value), cli: self
      ).run()
      // The book's own findings count as broken links do.
      if let audited, !audited.audit.isEmpty, status == .success { return .nothingFound }
      return status
    case .lsp:
      guard raw.operands.isEmpty else {
        throw UsageError("lsp reads no files; it speaks on stdin and stdout", command: "lsp")
      }
      return try LspCommand(raw: raw, configProblems: configProblems, cli: self).run()
    case .mcp:
      guard raw.operands.isEmpty else {
        throw UsageError("mcp reads no files; it speaks on stdin and stdout", command: "mcp")
      }
      return try McpCommand(cli: self).run()
    case .where:
      try Self.expectOneDocument(raw.operands, command: command)
      if let path = raw.operands.first,
        let book = try BookCommand.book(path, forced: raw.has("book"), files: files)
      {
        let settings = try decideSettings(
          raw, operands: [], command: .where, formats: [.text, .spoken, .json], terminal: terminal)
        return try BookWhereCommand(
          book: book, file: raw.value("file"), settings: settings, cli: self
        )
        .run()
      }
      if raw.has("book") || raw.has("file") {
        throw UsageError("--book and --file name a book and its chapter", command: "where")
      }
      let settings = try decideSettings(
        raw, operands: raw.operands, command: .where, formats: [.text, .spoken, .json],
        terminal: terminal)
      guard !settings.position.isEmpty else {
        throw UsageError(
          "where needs a position: --offset B, --line N, --percent P or --section X",
          command: "where")
      }
      return try WhereCommand(settings: settings, cli: self).run()
    case .show:
      return try show(raw)
    case .jump:
      let (target, files) = try jumpOperands(raw.operands)
      let settings = try decideSettings(
        raw, operands: files, command: .jump, formats: [.text], terminal: terminal)
      let print =
        try OptionValues.choice(raw, "print", as: SectionPrint.self, command: "jump") ?? .line
      return try JumpCommand(target: target, print: print, settings: settings, cli: self).run()
    }
  }

  /// `--reduce-motion`, or `ISLE_REDUCE_MOTION` set to anything but 0.
  static func reducesMotion(_ raw: RawArguments, environment: [String: String]) -> Bool {
    raw.has("reduce-motion")
      || !(environment["ISLE_REDUCE_MOTION"] ?? "").isEmpty
        && environment["ISLE_REDUCE_MOTION"] != "0"
  }

  /// `jump`'s target and its document: a target, and one document at
  /// most. `isle jump README.md`, the one word a file, is a target
  /// forgotten (a title that is also a file's name goes before `-`).
  private func jumpOperands(_ operands: [String]) throws -> (String, [String]) {
    guard let target = operands.first else {
      throw UsageError(
        "jump needs a TARGET: a number, an id, a title, next, prev, first or last",
        command: "jump")
    }
    let documents = Array(operands.dropFirst())
    if documents.isEmpty, files.kind(target) == .regular {
      throw UsageError(
        "jump needs a TARGET before the document '\(target)': a number, an id, a title, "
          + "next, prev, first or last ('isle jump next \(target)'; to look for "
          + "'\(target)' in standard input, 'isle jump \(target) -')",
        command: "jump")
    }
    try Self.expectOneDocument(documents, command: .jump)
    return (target, documents)
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
      throw UsageError(
        "unknown command '\(name)'"
          + EditDistance.suggestion(for: name, in: Command.allCases.map(\.rawValue), prefix: ""),
        command: "help")
    }
    try stdout.write(command.help)
    return .success
  }

  /// The settings of `command`, decided from the words given and this
  /// command line's surroundings.
  func decideSettings(
    _ raw: RawArguments, operands: [String], command: Command, formats: [OutputFormat],
    terminal: TerminalFacts
  ) throws -> Settings {
    try Settings.decide(
      raw, operands: operands, command: command, formats: formats, environment: environment,
      terminal: terminal, inputIsTerminal: inputIsTerminal, files: files)
  }
}
