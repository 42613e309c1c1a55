/// Turns option values into settings, with errors that name the option, the
/// value and what was allowed.
package enum OptionValues {
  /// A whole number within `range`, or nil when the option was not given.
  package static func integer(
    _ raw: RawArguments, _ name: OptionName, in range: ClosedRange<Int>, command: String
  ) throws -> Int? {
    guard let text = raw.value(name) else { return nil }
    guard let value = Int(text), range.contains(value) else {
      throw raw.invalid(
        name, text, expected: "a whole number from \(range.lowerBound) to \(range.upperBound)",
        command: command)
    }
    return value
  }

  /// One of the `allowed` cases of `T` (all of them by default), by its
  /// raw name, or nil when not given.
  /// `note` follows the list of choices in an error.
  package static func choice<T: RawRepresentable & CaseIterable & Equatable>(
    _ raw: RawArguments, _ name: OptionName, as type: T.Type, allowed: [T]? = nil, command: String,
    note: String = ""
  ) throws -> T? where T.RawValue == String {
    guard let text = raw.value(name) else { return nil }
    let choices = allowed ?? Array(T.allCases)
    guard let value = T(rawValue: text), choices.contains(value) else {
      let allowed = choices.map(\.rawValue).joined(separator: ", ")
      throw raw.invalid(name, text, expected: "one of \(allowed)\(note)", command: command)
    }
    return value
  }
}
