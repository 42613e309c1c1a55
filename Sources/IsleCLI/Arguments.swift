/// An option a command accepts, as the user writes it.
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

  init(
    _ name: String, short: Character? = nil, value: String? = nil, choices: [String] = [],
    help: String
  ) {
    self.name = name
    self.short = short
    self.valueName = value
    self.choices = choices
    self.help = help
  }

  var takesValue: Bool { valueName != nil }
}

/// The words of a command line as given: options (in order, with their
/// values) and operands. The first of the two steps of argument parsing;
/// `Settings` then decides what they mean.
struct RawArguments: Equatable {
  /// Each option by its long name, with its value if it takes one.
  var options: [(name: String, value: String?)] = []
  /// Everything that is not an option: files, targets.
  var operands: [String] = []

  static func == (lhs: RawArguments, rhs: RawArguments) -> Bool {
    lhs.operands == rhs.operands && lhs.options.map(\.name) == rhs.options.map(\.name)
      && lhs.options.map(\.value) == rhs.options.map(\.value)
  }

  /// The last value given for `name`, as a later option overrides an
  /// earlier one.
  func value(_ name: String) -> String? {
    options.last { $0.name == name }?.value
  }

  /// True when the flag `name` was given.
  func has(_ name: String) -> Bool {
    options.contains { $0.name == name }
  }

  /// Splits `words` into options and operands by `specs`.
  ///
  /// `--name value`, `--name=value` and `-x value` all work; `--` ends the
  /// options; a lone `-` is an operand (standard input). A word starting with
  /// `-` followed by a digit is an operand where no option matches, so
  /// `jump -1` steps back.
  static func parse(_ words: [String], specs: [OptionSpec], command: String?) throws -> RawArguments
  {
    var result = RawArguments()
    var index = 0
    var onlyOperands = false
    while index < words.count {
      let word = words[index]
      index += 1
      if onlyOperands || word == "-" || !word.hasPrefix("-") || isNumber(word) {
        result.operands.append(word)
        continue
      }
      if word == "--" {
        onlyOperands = true
        continue
      }
      var name: String
      var inlineValue: String? = nil
      let spec: OptionSpec?
      if word.hasPrefix("--") {
        name = String(word.dropFirst(2))
        if let equals = name.firstIndex(of: "=") {
          inlineValue = String(name[name.index(after: equals)...])
          name = String(name[..<equals])
        }
        spec = specs.first { $0.name == name }
      } else {
        let letters = word.dropFirst()
        guard letters.count == 1, let letter = letters.first else {
          throw UsageError("unknown option '\(word)'", command: command)
        }
        spec = specs.first { $0.short == letter }
        name = spec?.name ?? String(letter)
      }
      guard let spec else {
        throw UsageError(
          "unknown option '\(word.split(separator: "=").first ?? "")'", command: command)
      }
      if spec.takesValue {
        if let inlineValue {
          result.options.append((spec.name, inlineValue))
        } else if index < words.count {
          result.options.append((spec.name, words[index]))
          index += 1
        } else {
          throw UsageError(
            "option '--\(spec.name)' needs a value (\(spec.valueName!))", command: command)
        }
      } else {
        if inlineValue != nil {
          throw UsageError("option '--\(spec.name)' takes no value", command: command)
        }
        result.options.append((spec.name, nil))
      }
    }
    return result
  }

  /// `-1`, `-2.5`: a negative number, not an option.
  private static func isNumber(_ word: String) -> Bool {
    let rest = word.dropFirst()
    return !rest.isEmpty && rest.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ".") }
  }
}
