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

extension CompletionsCommand: IsleCommand {
  static let configuration = CommandDescription(
    name: "completions", summary: "a completion script for bash, zsh or fish",
    usage: "isle completions bash|zsh|fish",
    discussion: """
      Prints a completion script for a shell. For example:
        isle completions bash > ~/.local/share/bash-completion/completions/isle
        isle completions zsh > ~/.zfunc/_isle
        isle completions fish > ~/.config/fish/completions/isle.fish
      """,
    options: [], operands: .shell)

  static func decide(_ raw: RawArguments, cli: CLI) throws -> any RunnableCommand {
    try CompletionsCommand(raw, cli: cli)
  }
}

/// The completion scripts of isle's commands (`CompletionScripts` makes
/// them from the commands' descriptions).
enum Completions {
  typealias Shell = CompletionScripts.Shell

  static func script(for shell: Shell) -> String {
    CompletionScripts.script(for: shell, commands: Command.allCases.map(\.configuration))
  }
}
