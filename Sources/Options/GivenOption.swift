/// One option as it was given: its long name, its value, how it was
/// spelled, and where it came from when not from the command line.
package struct GivenOption: Sendable, Equatable {
  /// The option, whatever spelling was used.
  package let name: OptionName
  /// Its value, or nil for a flag.
  package let value: String?
  /// As typed, with its dashes: `--from-line`, `-H`.
  package let spelling: String
  /// `file:line` of the config file that set it, or nil for the command line.
  package let origin: String?

  package init(name: OptionName, value: String?, spelling: String? = nil, origin: String? = nil) {
    self.name = name
    self.value = value
    self.spelling = spelling ?? "--" + name.rawValue
    self.origin = origin
  }
}
