import Cells
import Options

/// `isle help [command]`: the help of a command, or of isle itself.
struct HelpCommand: RunnableCommand {
  /// The command asked about; nil for isle's own help.
  let name: String?
  let cli: CLI

  func run() throws -> ExitStatus {
    guard let name else {
      try cli.stdout.write(Command.generalHelp)
      return .success
    }
    guard let command = Command(rawValue: name) else {
      throw UsageError(
        "unknown command '\(name)'"
          + EditDistance.suggestion(for: name, in: Command.allCases.map(\.rawValue), prefix: ""),
        command: "help")
    }
    try cli.stdout.write(command.help)
    return .success
  }
}

extension HelpCommand: IsleCommand {
  static let configuration = CommandDescription(
    name: "help", summary: "help on a command", usage: "isle help [command]",
    discussion: "Shows the help of a command, or of isle itself.", options: [],
    operands: .command)

  static func decide(_ raw: RawArguments, cli: CLI) throws -> any RunnableCommand {
    HelpCommand(name: raw.operands.first, cli: cli)
  }
}
