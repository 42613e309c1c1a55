import HTMLOutline
import Outline

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

  /// The outline options: format, levels, slug flavour and reading rate.
  package static func outlineOptions(_ raw: RawArguments, command: String) throws -> OutlineOptions
  {
    var options = OutlineOptions()
    // --from is the input format; a number there was meant as a position.
    let position = raw.value(.from).flatMap { Int($0) }.map {
      "; '--from' is the input format (for a position, '--line \($0)')"
    }
    options.format = try choice(
      raw, .from, as: DocumentFormat.self, command: command, note: position ?? "")
    if case .fixed(let flavor) = try slug(raw, command: command) { options.slugFlavor = flavor }
    if let wpm = try integer(raw, .wpm, in: 1...100_000, command: command) {
      options.rate.wordsPerMinute = wpm
    }
    // A default never stands in an error as if typed: --min-level alone
    // deeper than the default deepest level shows every level from there.
    let minGiven = try integer(raw, .minLevel, in: 1...6, command: command)
    let maxGiven = try integer(raw, .maxLevel, in: 1...6, command: command)
    let minLevel = minGiven ?? 1
    let maxLevel = maxGiven ?? (minLevel > 3 ? 6 : 3)
    guard minLevel <= maxLevel else {
      throw UsageError(
        "'\(raw.spelling(.minLevel)) \(minLevel)' is deeper than "
          + "'\(raw.spelling(.maxLevel)) \(maxLevel)'", command: command)
    }
    options.levels = minLevel...maxLevel
    if let depth = try integer(raw, .maxNesting, in: 1...10_000_000, command: command) {
      options.maxDepth = depth
    }
    if let columns = try integer(raw, .maxColumns, in: 1...10_000_000, command: command) {
      options.maxColumns = columns
    }
    options.split = !raw.has(.noSplit)
    options.within = .auto
    if let text = raw.value(.within), text != "auto" {
      guard let selector = CSSSelector(text) else {
        throw raw.invalid(
          .within, text,
          expected: "auto or types, #ids and .classes joined by spaces (main, #content, div.body)",
          command: command)
      }
      options.within = .within(selector)
    }
    return options
  }

  /// `--slug`: `auto` (the default) or a flavour.
  package static func slug(_ raw: RawArguments, command: String) throws -> SlugChoice {
    guard let text = raw.value(.slug) else { return .auto }
    guard let choice = SlugChoice(text) else {
      throw raw.invalid(
        .slug, text, expected: "one of " + SlugChoice.names.joined(separator: ", "),
        command: command)
    }
    return choice
  }

  /// `--max-size`: bytes, with an optional K, M or G (powers of 1024).
  package static func size(_ raw: RawArguments, command: String) throws -> Int {
    guard let text = raw.value(.maxSize) else { return 256 << 20 }
    let units: [Character: Int] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30]
    var digits = Substring(text)
    var unit = 1
    if let last = digits.last?.uppercased().first, let scale = units[last] {
      unit = scale
      digits = digits.dropLast()
    }
    guard let value = Int(digits), value > 0, value <= (1 << 50) / unit else {
      throw raw.invalid(
        .maxSize, text, expected: "a size in bytes such as 500K, 64M or 2G", command: command)
    }
    return value * unit
  }
}
