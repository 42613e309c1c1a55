import Outline

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

  /// A command line with the given surroundings.
  public init(
    environment: [String: String], stdout: OutputSink, stderr: OutputSink,
    reader: DocumentReading = SystemReader()
  ) {
    self.environment = environment
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
    } catch let error as UsageError {
      report(error.line)
      return ExitStatus.failure.rawValue
    } catch {
      report("isle: error: \(error)")
      return ExitStatus.failure.rawValue
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
    let raw = try RawArguments.parse(
      Array(arguments.dropFirst()), specs: command.options, command: command.rawValue)
    if raw.has("help") {
      try stdout.write(command.help)
      return .success
    }
    switch command {
    case .help:
      return try help(raw.operands)
    case .toc:
      return try TocCommand(settings: TocSettings.decide(raw, environment: environment), cli: self)
        .run()
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

  /// Reads and outlines one document; a failure is reported on standard
  /// error (naming the file) and gives nil.
  func outline(_ source: InputSource, options: OutlineOptions) -> Document? {
    do {
      let bytes = try reader.read(source)
      return try Outliner.outline(bytes, path: source.path, options: options)
    } catch let failure as ReadFailure {
      report("isle: error: \(failure.message)")
    } catch OutlineError.unsupportedFormat(let format) {
      report("isle: error: \(source.displayName): \(format.rawValue) documents are not read yet")
    } catch {
      report("isle: error: \(source.displayName): \(error)")
    }
    return nil
  }
}
