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

  /// The error for a bad value `text` of this option: naming it as typed,
  /// or the config file and line that set it.
  package func invalid(_ text: String, expected: String, command: String?) -> UsageError {
    if let origin {
      return UsageError(
        "\(origin): invalid value '\(text)' for '\(name.rawValue)': expected \(expected)",
        command: command)
    }
    return UsageError(
      "invalid value '\(text)' for '\(spelling)': expected \(expected)", command: command)
  }
}
