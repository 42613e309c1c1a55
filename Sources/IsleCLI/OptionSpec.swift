/// An option a command accepts, as the user writes it, with what it needs
/// and what it cannot be given with.
struct OptionSpec: Sendable {
  /// The long name, without `--`.
  let name: String
  /// A one-letter name, without `-`.
  let short: Character?
  /// The placeholder for its value, or nil for a flag.
  let valueName: String?
  /// One line of help.
  let help: String
  /// The values it takes, when they are a fixed set (for completion).
  let choices: [String]
  /// Old spellings still read, shown in neither help nor completions.
  let aliases: [String]
  /// When not empty, one of these must be given too.
  let requires: [OptionCondition]
  /// None of these may be given with it.
  let conflicts: [OptionCondition]

  init(
    _ name: String, short: Character? = nil, value: String? = nil, choices: [String] = [],
    aliases: [String] = [], requires: [OptionCondition] = [], conflicts: [OptionCondition] = [],
    help: String
  ) {
    self.name = name
    self.short = short
    self.valueName = value
    self.choices = choices
    self.aliases = aliases
    self.requires = requires
    self.conflicts = conflicts
    self.help = help
  }

  var takesValue: Bool { valueName != nil }

  /// True when `--spelling` names this option, by its name or an old one.
  func answers(to spelling: String) -> Bool {
    spelling == name || aliases.contains(spelling)
  }
}
