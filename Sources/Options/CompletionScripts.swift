/// Completion scripts for bash, zsh and fish, made from the commands'
/// descriptions so they never fall out of step.
package enum CompletionScripts {
  package enum Shell: String, CaseIterable, Sendable {
    case bash
    case zsh
    case fish
  }

  /// The script for `shell` completing `commands`, in their order.
  package static func script(for shell: Shell, commands: [CommandDescription]) -> String {
    switch shell {
    case .bash: return bash(commands)
    case .zsh: return zsh(commands)
    case .fish: return fish(commands)
    }
  }

  private static func flags(_ command: CommandDescription) -> [String] {
    command.options.flatMap { option in
      ["--" + option.name.rawValue] + (option.short.map { ["-\($0)"] } ?? [])
    }
  }

  private static func names(_ commands: [CommandDescription]) -> String {
    commands.map(\.name).joined(separator: " ")
  }

  private static let shells = Shell.allCases.map(\.rawValue).joined(separator: " ")

  private static func bash(_ commands: [CommandDescription]) -> String {
    var lines = [
      "# bash completion for isle", "_isle() {", "  local cur prev",
      "  cur=\"${COMP_WORDS[COMP_CWORD]}\"", "  prev=\"${COMP_WORDS[COMP_CWORD-1]}\"",
      "  if [ \"$COMP_CWORD\" -eq 1 ]; then",
      "    COMPREPLY=($(compgen -W \"\(names(commands)) --help --version\" -- \"$cur\"))",
      "    return", "  fi", "  local opts=\"\"", "  case \"${COMP_WORDS[1]}\" in",
    ]
    for command in commands {
      lines.append("    \(command.name)) opts=\"\(flags(command).joined(separator: " "))\" ;;")
    }
    lines += ["  esac", "  case \"$prev\" in"]
    lines += bashValues(commands)
    lines.append("  esac")
    for command in commands where command.operands.isShell {
      lines.append("  if [ \"${COMP_WORDS[1]}\" = \(command.name) ]; then")
      lines.append("    COMPREPLY=($(compgen -W \"\(shells)\" -- \"$cur\")); return")
      lines.append("  fi")
    }
    for command in commands where command.operands.isCommand {
      lines.append("  if [ \"${COMP_WORDS[1]}\" = \(command.name) ]; then")
      lines.append(
        "    COMPREPLY=($(compgen -W \"\(names(commands))\" -- \"$cur\")); return")
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

  /// bash's cases for the word after an option: its choices (`--format`'s
  /// by command), nothing for another value.
  private static func bashValues(_ commands: [CommandDescription]) -> [String] {
    var lines: [String] = []
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
          "        \(command.name)) COMPREPLY=($(compgen -W \"\(format.choices.joined(separator: " "))\" -- \"$cur\")) ;;"
        )
      }
    }
    lines += ["      esac", "      return ;;"]
    let valued = Set(
      commands.flatMap(\.options).filter { $0.takesValue && $0.choices.isEmpty }.map(
        \.name.rawValue))
    lines.append("    \(valued.sorted().map { "--" + $0 }.joined(separator: "|"))) return ;;")
    return lines
  }

  private static func zshQuoted(_ text: String) -> String {
    text.replacingAll("'", with: "'\\''").replacingAll("[", with: "\\[").replacingAll(
      "]", with: "\\]"
    )
    .replacingAll(":", with: "\\:")
  }

  private static func zsh(_ commands: [CommandDescription]) -> String {
    var lines = ["#compdef isle", "", "_isle() {", "  local -a commands", "  commands=("]
    for command in commands {
      lines.append("    '\(command.name):\(zshQuoted(command.summary))'")
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
      switch command.operands {
      case .shell: specs.append("'1:shell:(\(shells))'")
      case .command: specs.append("'1:command:(\(names(commands)))'")
      case .jump: specs += ["'1:target:'", "'*:file:_files'"]
      case .selectors: specs += ["'1:selector:'", "'*:selector or file:_files'"]
      case .documents: specs.append("'*:file:_files'")
      }
      lines.append("    \(command.name))")
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

  private static func fish(_ commands: [CommandDescription]) -> String {
    var lines = ["# fish completion for isle", "complete -c isle -f"]
    for command in commands {
      lines.append(
        "complete -c isle -n __fish_use_subcommand -a \(command.name) -d \(fishQuoted(command.summary))"
      )
    }
    for command in commands {
      let condition = "-n '__fish_seen_subcommand_from \(command.name)'"
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
      if command.operands.offersFilesInFish {
        lines.append("complete -c isle \(condition) -F")
      }
    }
    for command in commands where command.operands.isShell {
      lines.append(
        "complete -c isle -n '__fish_seen_subcommand_from \(command.name)' -xa '\(shells)'")
    }
    return lines.joined(separator: "\n") + "\n"
  }
}

extension CommandDescription.Operands {
  fileprivate var isShell: Bool {
    if case .shell = self { return true }
    return false
  }

  fileprivate var isCommand: Bool {
    if case .command = self { return true }
    return false
  }

  /// True when fish's script offers files after the command.
  fileprivate var offersFilesInFish: Bool {
    switch self {
    case .documents(let fish): return fish
    case .jump, .selectors: return true
    case .command, .shell: return false
    }
  }
}

extension String {
  /// The string with every `old` replaced by `replacement`.
  fileprivate func replacingAll(_ old: String, with replacement: String) -> String {
    split(separator: old, omittingEmptySubsequences: false).joined(separator: replacement)
  }
}
