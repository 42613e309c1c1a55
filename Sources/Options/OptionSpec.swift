/// An option a command accepts, as the user writes it, with what it needs
/// and what it cannot be given with.
package struct OptionSpec: Sendable {
  /// The long name, without `--`.
  package let name: OptionName
  /// A one-letter name, without `-`.
  package let short: Character?
  /// The placeholder for its value, or nil for a flag.
  package let valueName: String?
  /// True when the value may be left out: given only as `--name=value`,
  /// never taken from the next word (`--ordered`, `--ordered=increment`).
  package let valueIsOptional: Bool
  /// One line of help.
  package let help: String
  /// The values it takes, when they are a fixed set (for completion).
  package let choices: [String]
  /// Old spellings still read, shown in neither help nor completions.
  package let aliases: [String]
  /// When not empty, one of these must be given too.
  package let requires: [OptionCondition]
  /// None of these may be given with it.
  package let conflicts: [OptionCondition]

  package init(
    _ name: OptionName, short: Character? = nil, value: String? = nil, optional: Bool = false,
    choices: [String] = [],
    aliases: [String] = [], requires: [OptionCondition] = [], conflicts: [OptionCondition] = [],
    help: String
  ) {
    self.name = name
    self.short = short
    self.valueName = value
    self.valueIsOptional = optional
    self.choices = choices
    self.aliases = aliases
    self.requires = requires
    self.conflicts = conflicts
    self.help = help
  }

  /// True when a value must follow (`--name value` or `--name=value`).
  package var takesValue: Bool { valueName != nil && !valueIsOptional }

  /// True when `--spelling` names this option, by its name or an old one.
  package func answers(to spelling: String) -> Bool {
    spelling == name.rawValue || aliases.contains(spelling)
  }
}
