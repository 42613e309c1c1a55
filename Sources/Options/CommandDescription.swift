/// What a command says of itself, as swift-argument-parser's
/// `CommandConfiguration` does: its name, a line and a paragraph on what it
/// does, how to call it, its options and what its operands are. Help, the
/// completion scripts and dispatch are all made from these.
package struct CommandDescription: Sendable {
  /// What is typed after `isle`.
  package let name: String
  /// One line saying what the command does.
  package let summary: String
  /// How to call it, after `Usage: `.
  package let usage: String
  /// A paragraph on what it does.
  package let discussion: String
  /// The options it accepts, `--help` last.
  package let options: [OptionSpec]
  /// What its operands are, for the completion scripts.
  package let operands: Operands
  /// True when it reads many documents: folders are walked for them.
  package let manyDocuments: Bool
  /// What the command needs besides a file, for the error that no
  /// document was given (`where`: `" --line 40"`).
  package let example: String

  /// What a command's operands are.
  package enum Operands: Sendable {
    /// Documents. `fish` says whether fish's script offers files (it
    /// never has for pick, read, lsp and mcp, and completes as before).
    case documents(fish: Bool)
    /// What `jump` is given, then documents.
    case jump
    /// Selectors, then documents (`show`).
    case selectors
    /// A command's name (`help`).
    case command
    /// A shell's name (`completions`).
    case shell
  }

  package init(
    name: String, summary: String, usage: String, discussion: String, options: [OptionSpec],
    operands: Operands = .documents(fish: true), manyDocuments: Bool = false,
    example: String = ""
  ) {
    self.name = name
    self.summary = summary
    self.usage = usage
    self.discussion = discussion
    self.options = options + [Flags.help]
    self.operands = operands
    self.manyDocuments = manyDocuments
    self.example = example
  }

  /// The full help text.
  package var help: String {
    var lines = ["Usage: \(usage)", "", discussion, "", "Options:"]
    let column = options.map { Self.label($0).count }.max() ?? 0
    for option in options {
      let label = Self.label(option)
      lines.append(
        "  " + label + String(repeating: " ", count: column - label.count + 2) + option.help)
    }
    return lines.joined(separator: "\n") + "\n"
  }

  private static func label(_ option: OptionSpec) -> String {
    let short = option.short.map { "-\($0), " } ?? "    "
    let value = option.valueName.map { option.valueIsOptional ? "[=\($0)]" : " " + $0 } ?? ""
    return short + "--" + option.name.rawValue + value
  }

  /// The help of isle itself, version `version`, listing `commands`.
  package static func generalHelp(version: String, commands: [CommandDescription]) -> String {
    var lines = [
      "isle \(version): the scroll island for documents, in the terminal", "",
      "Usage: isle <command> [options] [file ...]", "", "Commands:",
    ]
    // One column for commands and options, wide enough for the longest.
    let flags = [("-h, --help", "show this help"), ("-V, --version", "show the version")]
    let column = (commands.map(\.name.count) + flags.map(\.0.count)).max()! + 2
    for command in commands {
      lines.append("  " + command.name.padding(to: column) + command.summary)
    }
    lines += [
      "", "Options:",
    ]
    lines += flags.map { "  " + $0.0.padding(to: column) + $0.1 }
    lines += [
      "",
      "Run 'isle help <command>' for the options of a command.",
    ]
    return lines.joined(separator: "\n") + "\n"
  }
}

extension String {
  /// The string followed by spaces up to `width` characters.
  fileprivate func padding(to width: Int) -> String {
    self + String(repeating: " ", count: max(0, width - count))
  }
}
