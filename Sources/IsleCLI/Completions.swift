import Options

/// Completion scripts for bash, zsh and fish, made from the commands'
/// own option lists so they never fall out of step.
enum Completions {
  enum Shell: String, CaseIterable {
    case bash
    case zsh
    case fish
  }

  static func script(for shell: Shell) -> String {
    switch shell {
    case .bash: return bash()
    case .zsh: return zsh()
    case .fish: return fish()
    }
  }

  private static var commands: [Command] { Command.allCases }

  private static func flags(_ command: Command) -> [String] {
    command.options.flatMap { option in
      ["--" + option.name.rawValue] + (option.short.map { ["-\($0)"] } ?? [])
    }
  }

  private static func bash() -> String {
    var lines = [
      "# bash completion for isle", "_isle() {", "  local cur prev",
      "  cur=\"${COMP_WORDS[COMP_CWORD]}\"", "  prev=\"${COMP_WORDS[COMP_CWORD-1]}\"",
      "  if [ \"$COMP_CWORD\" -eq 1 ]; then",
      "    COMPREPLY=($(compgen -W \"\(commands.map(\.rawValue).joined(separator: " ")) --help --version\" -- \"$cur\"))",
      "    return", "  fi", "  local opts=\"\"", "  case \"${COMP_WORDS[1]}\" in",
    ]
    for command in commands {
      lines.append("    \(command.rawValue)) opts=\"\(flags(command).joined(separator: " "))\" ;;")
    }
    lines += ["  esac", "  case \"$prev\" in"]
    var seen = Set<OptionName>()
    for option in commands.flatMap(\.options)
    where !option.choices.isEmpty && option.name != .format {
      guard seen.insert(option.name).inserted else { continue }
      lines.append(
        "    --\(option.name)) COMPREPLY=($(compgen -W \"\(option.choices.joined(separator: " "))\" -- \"$cur\")); return ;;"
      )
    }
    lines.append("    --format)")
    lines.append("      case \"${COMP_WORDS[1]}\" in")
    for command in commands {
      if let format = command.options.first(where: { $0.name == .format }) {
        lines.append(
          "        \(command.rawValue)) COMPREPLY=($(compgen -W \"\(format.choices.joined(separator: " "))\" -- \"$cur\")) ;;"
        )
      }
    }
    lines += ["      esac", "      return ;;"]
    let valued = Set(
      commands.flatMap(\.options).filter { $0.takesValue && $0.choices.isEmpty }.map(
        \.name.rawValue))
    lines.append("    \(valued.sorted().map { "--" + $0 }.joined(separator: "|"))) return ;;")
    if commands.contains(.completions) {
      lines.append("  esac")
      lines.append("  if [ \"${COMP_WORDS[1]}\" = completions ]; then")
      lines.append("    COMPREPLY=($(compgen -W \"bash zsh fish\" -- \"$cur\")); return")
      lines.append("  fi")
      lines.append("  if [ \"${COMP_WORDS[1]}\" = help ]; then")
      lines.append(
        "    COMPREPLY=($(compgen -W \"\(commands.map(\.rawValue).joined(separator: " "))\" -- \"$cur\")); return"
      )
      lines.append("  fi")
    }
    lines += [
      "  if [[ \"$cur\" == -* ]]; then", "    COMPREPLY=($(compgen -W \"$opts\" -- \"$cur\"))",
      "  else",
      "    COMPREPLY=($(compgen -f -- \"$cur\"))", "  fi", "}",
      "complete -o filenames -F _isle isle",
    ]
    return lines.joined(separator: "\n") + "\n"
  }

  private static func zshQuoted(_ text: String) -> String {
    text.replacingAll("'", with: "'\\''").replacingAll("[", with: "\\[").replacingAll(
      "]", with: "\\]"
    )
    .replacingAll(":", with: "\\:")
  }

  private static func zsh() -> String {
    var lines = ["#compdef isle", "", "_isle() {", "  local -a commands", "  commands=("]
    for command in commands {
      lines.append("    '\(command.rawValue):\(zshQuoted(command.summary))'")
    }
    lines += [
      "  )", "  if (( CURRENT == 2 )); then", "    _describe 'command' commands", "    return",
      "  fi",
      "  local command=$words[2]", "  shift words", "  (( CURRENT-- ))", "  case $command in",
    ]
    for command in commands {
      var specs: [String] = []
      for option in command.options {
        // A value that may be left out comes only after `=` (`--ordered=`).
        let joined = option.valueIsOptional ? "=-" : ""
        var spec = "'--\(option.name)\(joined)[\(zshQuoted(option.help))]"
        if let value = option.valueName {
          spec += (option.valueIsOptional ? "::" : ":") + "\(value.lowercased()):"
          spec += option.choices.isEmpty ? "" : "(\(option.choices.joined(separator: " ")))"
        }
        specs.append(spec + "'")
      }
      switch command {
      case .completions: specs.append("'1:shell:(bash zsh fish)'")
      case .help: specs.append("'1:command:(\(commands.map(\.rawValue).joined(separator: " ")))'")
      case .jump: specs += ["'1:target:'", "'*:file:_files'"]
      case .show: specs += ["'1:selector:'", "'*:selector or file:_files'"]
      default: specs.append("'*:file:_files'")
      }
      lines.append("    \(command.rawValue))")
      lines.append("      _arguments \\")
      lines += specs.dropLast().map { "        \($0) \\" }
      lines.append("        \(specs.last!) ;;")
    }
    lines += ["  esac", "}", "", "_isle \"$@\""]
    return lines.joined(separator: "\n") + "\n"
  }

  private static func fishQuoted(_ text: String) -> String {
    "'" + text.replacingAll("\\", with: "\\\\").replacingAll("'", with: "\\'") + "'"
  }

  private static func fish() -> String {
    var lines = ["# fish completion for isle", "complete -c isle -f"]
    for command in commands {
      lines.append(
        "complete -c isle -n __fish_use_subcommand -a \(command.rawValue) -d \(fishQuoted(command.summary))"
      )
    }
    for command in commands {
      let condition = "-n '__fish_seen_subcommand_from \(command.rawValue)'"
      for option in command.options {
        var line = "complete -c isle \(condition) -l \(option.name)"
        if let short = option.short { line += " -s \(short)" }
        if option.takesValue {
          line +=
            option.choices.isEmpty
            ? " -r" : " -xa \(fishQuoted(option.choices.joined(separator: " ")))"
        }
        lines.append(line + " -d \(fishQuoted(option.help))")
      }
      if [.toc, .where, .jump, .show, .check, .llms].contains(command) {
        lines.append("complete -c isle \(condition) -F")
      }
    }
    lines.append(
      "complete -c isle -n '__fish_seen_subcommand_from completions' -xa 'bash zsh fish'")
    return lines.joined(separator: "\n") + "\n"
  }
}

extension String {
  /// The string with every `target` replaced by `replacement`.
  func replacingAll(_ target: String, with replacement: String) -> String {
    split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
  }
}
