/// The commands isle answers to, with their options and help.
enum Command: String, CaseIterable, Sendable {
  case toc
  case help

  /// One line saying what the command does.
  var summary: String {
    switch self {
    case .toc: return "the contents, with a reading time for each section"
    case .help: return "help on a command"
    }
  }

  /// How to call it.
  var usage: String {
    switch self {
    case .toc: return "isle toc [options] [file ...]"
    case .help: return "isle help [command]"
    }
  }

  /// A paragraph on what it does.
  var description: String {
    switch self {
    case .toc:
      return """
        Prints every section of each document on a row, with its reading time,
        and below them the bar reading the contents title and the total time.
        Reads standard input when no file is given, or for '-'.
        """
    case .help:
      return "Shows the help of a command, or of isle itself."
    }
  }

  /// The options it accepts.
  var options: [OptionSpec] {
    switch self {
    case .toc: return Self.outlineOptions + Self.displayOptions + [Self.helpOption]
    case .help: return [Self.helpOption]
    }
  }

  static let helpOption = OptionSpec("help", short: "h", help: "show this help")

  /// What is read and how: shared by every command that outlines.
  static let outlineOptions = [
    OptionSpec(
      "from", value: "FORMAT", help: "read as markdown or html (default: by name, then content)"),
    OptionSpec("min-level", value: "N", help: "shallowest heading level shown (default 1)"),
    OptionSpec("max-level", value: "N", help: "deepest heading level shown (default 3)"),
    OptionSpec("depth", value: "N", help: "the same as --max-level N"),
    OptionSpec("slug", value: "FLAVOR", help: "ids as github (default) or gitlab makes them"),
    OptionSpec("wpm", value: "N", help: "reading speed in words a minute (default 238)"),
  ]

  /// How it is printed.
  static let displayOptions = [
    OptionSpec("format", value: "FORMAT", help: "text (default) or json"),
    OptionSpec("title", value: "TEXT", help: "the contents title (default \"Contents\")"),
    OptionSpec("max-width", value: "N", help: "widest the island grows, in cells (default 60)"),
  ]

  /// The full help text.
  var help: String {
    var lines = ["Usage: \(usage)", "", description, "", "Options:"]
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
    return short + "--" + option.name + (option.valueName.map { " " + $0 } ?? "")
  }

  /// The help of isle itself.
  static var generalHelp: String {
    var lines = [
      "isle \(CLI.version): the scroll island for documents, in the terminal", "",
      "Usage: isle <command> [options] [file ...]", "", "Commands:",
    ]
    for command in allCases {
      lines.append("  " + command.rawValue.padding(to: 8) + command.summary)
    }
    lines += [
      "", "Options:", "  -h, --help    show this help", "  --version     show the version", "",
      "Run 'isle help <command>' for the options of a command.",
    ]
    return lines.joined(separator: "\n") + "\n"
  }
}

extension String {
  /// The string followed by spaces up to `width` characters.
  func padding(to width: Int) -> String {
    self + String(repeating: " ", count: max(0, width - count))
  }
}
