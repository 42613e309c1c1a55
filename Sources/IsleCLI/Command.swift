import Cells
import Options
import Terminal

/// A command with what it was asked decided, ready to run: the second of
/// argument parsing's two steps (first `RawArguments`, the words as given),
/// as swift-argument-parser's `ParsableCommand` is. Tests can build one
/// from its words or from its settings.
protocol RunnableCommand {
  /// Does what the command was asked, writing its output, and says how it
  /// ended; an error thrown ends it too (see `Failure`).
  func run() throws -> ExitStatus
}

/// A command's type, which is the command: it describes itself (its
/// `configuration`: name, summary, usage, paragraph, options, operands)
/// and decides itself from the words, keeping its options as typed
/// settings. `decide` may choose another form of it (`toc --write`).
protocol IsleCommand: RunnableCommand, SendableMetatype {
  static var configuration: CommandDescription { get }
  /// This command, or the form of it the words ask for.
  static func decide(_ raw: RawArguments, cli: CLI) throws -> any RunnableCommand
  /// The same, told the config file's lines that are wrong
  /// (`configProblems`); all but the language server stop at the first.
  static func decide(_ raw: RawArguments, configProblems: [UsageError], cli: CLI) throws
    -> any RunnableCommand
}

extension IsleCommand {
  static func decide(_ raw: RawArguments, configProblems: [UsageError], cli: CLI) throws
    -> any RunnableCommand
  {
    if let first = configProblems.first { throw first }
    return try decide(raw, cli: cli)
  }
}

/// A command isle answers to: its type, named by its description.
struct Command: Sendable, Hashable, CustomStringConvertible {
  let type: any IsleCommand.Type

  init(_ type: any IsleCommand.Type) {
    self.type = type
  }

  static let toc = Command(TocCommand.self)
  static let `where` = Command(WhereCommand.self)
  static let jump = Command(JumpCommand.self)
  static let show = Command(ShowCommand.self)
  static let pick = Command(PickCommand.self)
  static let read = Command(ReadCommand.self)
  static let check = Command(CheckCommand.self)
  static let llms = Command(LlmsCommand.self)
  static let lsp = Command(LspCommand.self)
  static let mcp = Command(McpCommand.self)
  static let help = Command(HelpCommand.self)
  static let completions = Command(CompletionsCommand.self)

  /// Every command, in the order help lists them: the one list dispatch,
  /// help and the completion scripts are made from.
  static let allCases: [Command] = [
    toc, `where`, jump, show, pick, read, check, llms, lsp, mcp, help, completions,
  ]

  /// The command named `rawValue`, if there is one.
  init?(rawValue: String) {
    guard let command = Self.allCases.first(where: { $0.rawValue == rawValue }) else {
      return nil
    }
    self = command
  }

  /// What the command says of itself.
  var configuration: CommandDescription { type.configuration }
  /// Its name, as typed after `isle`.
  var rawValue: String { configuration.name }
  var description: String { rawValue }
  /// The options it accepts.
  var options: [OptionSpec] { configuration.options }
  /// Its full help text.
  var help: String { configuration.help }

  /// This command's type, its settings decided from `raw` (the config
  /// file's options in it; `configProblems`, its lines that are wrong, go
  /// to the language server's log).
  func decide(_ raw: RawArguments, configProblems: [UsageError], cli: CLI) throws
    -> any RunnableCommand
  {
    try type.decide(raw, configProblems: configProblems, cli: cli)
  }

  static func == (left: Command, right: Command) -> Bool { left.rawValue == right.rawValue }
  func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

  /// Every command's options, for the error that names the commands
  /// taking an option another does not.
  static var tables: [(command: String, options: [OptionSpec])] {
    allCases.map { ($0.rawValue, $0.options) }
  }

  /// The help of isle itself.
  static var generalHelp: String {
    CommandDescription.generalHelp(version: CLI.version, commands: allCases.map(\.configuration))
  }
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

  /// Throws unless `files` names one document at most.
  static func expectOneDocument(_ files: [String], command: Command) throws {
    guard files.count <= 1 else {
      throw UsageError(
        "\(command.rawValue) reads one document, not \(files.count) ('\(files[1])')",
        command: command.rawValue)
    }
  }
}
