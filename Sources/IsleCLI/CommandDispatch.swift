import Cells
import Links
import Options
import Outline
import Terminal

/// A command with what it was asked decided, ready to run: the second of
/// argument parsing's two steps (first `RawArguments`, the words as given),
/// as swift-argument-parser's `ParsableCommand` is. Each command's type
/// decides itself from the words (`init(_:cli:)`, or `decide` where the
/// words choose between its forms) and keeps its options as typed
/// settings; tests can build one from either.
protocol RunnableCommand {
  /// Does what the command was asked, writing its output, and says how it
  /// ended; an error thrown ends it too (see `Failure`).
  func run() throws -> ExitStatus
}

/// Which command runs, with what: the first word decides, the options and
/// the config file are read, and the command's type decides the rest.
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
      try stdout.write(Self.versionLine + "\n")
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
      Array(arguments.dropFirst()), specs: command.options, command: command.rawValue,
      tables: Command.tables)
    if raw.has(.help) {
      try stdout.write(command.help)
      return .success
    }
    try OptionRules.check(raw, specs: command.options, command: command.rawValue)
    // The config file's settings go first, so the command line wins. The
    // language server goes on without the lines that are wrong.
    var configProblems: [UsageError] = []
    if let path = Config.path(environment: environment) {
      let (options, problems, unread) = try Config.load(at: path, files: files)
      if let unread {
        report(
          "isle: warning: \(SafeText.forTerminal(unread.description)); "
            + "the config file is not read")
      }
      if let first = problems.first, command != .lsp { throw first }
      configProblems = problems
      let configured = options.filter { given in
        command.options.contains { $0.name == given.name }
      }
      raw.options.insert(contentsOf: configured, at: 0)
    }
    return try command.decide(raw, configProblems: configProblems, cli: self).run()
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

  /// `--reduce-motion`, or `ISLE_REDUCE_MOTION` set to anything but 0.
  func reducesMotion(_ raw: RawArguments) -> Bool {
    raw.has(.reduceMotion)
      || !(environment["ISLE_REDUCE_MOTION"] ?? "").isEmpty
        && environment["ISLE_REDUCE_MOTION"] != "0"
  }

  /// Throws unless `files` names one document at most.
  static func expectOneDocument(_ files: [String], command: Command) throws {
    guard files.count <= 1 else {
      throw UsageError(
        "\(command.rawValue) reads one document, not \(files.count) ('\(files[1])')",
        command: command.rawValue)
    }
  }
}

extension Command {
  /// This command's type, its settings decided from `raw` (the config
  /// file's options in it; `configProblems`, its lines that are wrong, go
  /// to the language server's log).
  func decide(_ raw: RawArguments, configProblems: [UsageError], cli: CLI) throws
    -> any RunnableCommand
  {
    switch self {
    case .toc: return try TocCommand.decide(raw, cli: cli)
    case .where: return try WhereCommand.decide(raw, cli: cli)
    case .jump: return try JumpCommand(raw, cli: cli)
    case .show: return try ShowCommand(raw, cli: cli)
    case .pick: return try PickCommand(raw, cli: cli)
    case .read: return try ReadCommand(raw, cli: cli)
    case .check: return try CheckCommand(raw, cli: cli)
    case .llms: return try LlmsCommand(raw, cli: cli)
    case .lsp: return try LspCommand(raw, configProblems: configProblems, cli: cli)
    case .mcp: return try McpCommand(raw, cli: cli)
    case .help: return HelpCommand(name: raw.operands.first, cli: cli)
    case .completions: return try CompletionsCommand(raw, cli: cli)
    }
  }
}
