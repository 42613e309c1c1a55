import Options

/// `isle completions SHELL`: the completion script for a shell.
struct CompletionsCommand: RunnableCommand {
  let shell: Completions.Shell
  let cli: CLI

  func run() throws -> ExitStatus {
    try cli.stdout.write(Completions.script(for: shell))
    return .success
  }
}

extension CompletionsCommand {
  /// The one shell the operands name.
  init(_ raw: RawArguments, cli: CLI) throws {
    guard let shell = raw.operands.first.flatMap(Completions.Shell.init(rawValue:)),
      raw.operands.count == 1
    else {
      throw UsageError(
        "completions needs one shell: bash, zsh or fish (got '\(raw.operands.joined(separator: " "))')",
        command: "completions")
    }
    self.init(shell: shell, cli: cli)
  }
}
