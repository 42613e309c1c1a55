/// An option as a rule of the option tables names it: given at all
/// (`--check`), or given with one of some values (`--format json`).
package struct OptionCondition: Sendable, Equatable {
  /// The option.
  package let name: OptionName
  /// The values that count, or nil for any.
  package let values: [String]?

  /// The option given with any value, or as a flag.
  package static func given(_ name: OptionName) -> OptionCondition {
    OptionCondition(name: name, values: nil)
  }

  /// The option given with one of `values`.
  package static func value(_ name: OptionName, _ values: String...) -> OptionCondition {
    OptionCondition(name: name, values: values)
  }

  /// The condition as it was typed in `raw` (`'--format json'`), or nil
  /// when `raw` does not meet it. Only what was given counts: a default
  /// never meets a condition.
  package func met(in raw: RawArguments) -> String? {
    guard let given = raw.last(name) else { return nil }
    if let values {
      guard let value = given.value, values.contains(value) else { return nil }
      return "'\(given.spelling) \(value)'"
    }
    return "'\(given.spelling)'"
  }

  /// How a rule names it when it was not given: `'--format markdown'`.
  package var described: String {
    "'--\(name.rawValue)" + (values.map { " " + $0.joined(separator: "|") } ?? "") + "'"
  }
}
