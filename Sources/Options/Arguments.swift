import Cells

/// The words of a command line as given: options (in order, with their
/// values) and operands. The first of the two steps of argument parsing;
/// `Settings` then decides what they mean.
package struct RawArguments: Equatable {
  /// Each option as given, in order; the config file's come first.
  package var options: [GivenOption] = []
  /// Everything that is not an option: files, what `jump` is given.
  package var operands: [String] = []
  /// How many operands came before `--`, when it was given (`show` reads
  /// what stands before it as selectors).
  package var operandsBeforeDashes: Int? = nil

  package init(
    options: [GivenOption] = [], operands: [String] = [], operandsBeforeDashes: Int? = nil
  ) {
    self.options = options
    self.operands = operands
    self.operandsBeforeDashes = operandsBeforeDashes
  }

  /// The last time `name` was given, as a later option overrides an
  /// earlier one.
  package func last(_ name: OptionName) -> GivenOption? {
    options.last { $0.name == name }
  }

  /// The last value given for `name`.
  package func value(_ name: OptionName) -> String? {
    last(name)?.value
  }

  /// Every value given for `name`, in order (`--exclude` is repeatable).
  package func values(_ name: OptionName) -> [String] {
    options.filter { $0.name == name }.compactMap(\.value)
  }

  /// True when the flag `name` was given.
  package func has(_ name: OptionName) -> Bool {
    options.contains { $0.name == name }
  }

  /// `name` as the user spelled it the last time (`--from-line`), else
  /// its long form.
  package func spelling(_ name: OptionName) -> String {
    last(name)?.spelling ?? "--" + name.rawValue
  }

  /// The error for a bad value of `name`: naming the option as typed, or
  /// the config file and line that set it.
  package func invalid(_ name: OptionName, _ text: String, expected: String, command: String?)
    -> UsageError
  {
    (last(name) ?? GivenOption(name: name, value: nil)).invalid(
      text, expected: expected, command: command)
  }

  /// Splits `words` into options and operands by `specs`.
  ///
  /// `--name value`, `--name=value` and `-x value` all work; `--` ends the
  /// options; a lone `-` is an operand (standard input). A word starting with
  /// `-` followed by a digit is an operand where no option matches, so
  /// `jump -1` steps back. A value that looks like an option is taken only
  /// as `--name=value`: `--title --format` is an error, not a title.
  /// `tables`, every command's options, name the commands that take an
  /// option `specs` does not.
  package static func parse(
    _ words: [String], specs: [OptionSpec], command: String?,
    tables: [(command: String, options: [OptionSpec])] = []
  ) throws -> RawArguments {
    var result = RawArguments()
    var index = 0
    var onlyOperands = false
    while index < words.count {
      let word = words[index]
      index += 1
      // `-0` is an option where one answers to it (`--null`), else a number.
      let digitOption =
        word.count == 2 && word.hasPrefix("-") && specs.contains { $0.short == word.last }
      if onlyOperands || !(looksLikeOption(word) || digitOption) {
        result.operands.append(word)
        continue
      }
      if word == "--" {
        onlyOperands = true
        result.operandsBeforeDashes = result.operands.count
        continue
      }
      var spelling = word
      var inlineValue: String? = nil
      let spec: OptionSpec?
      if word.hasPrefix("--") {
        if let equals = word.firstIndex(of: "=") {
          inlineValue = String(word[word.index(after: equals)...])
          spelling = String(word[..<equals])
        }
        let name = String(spelling.dropFirst(2))
        spec = specs.first { $0.answers(to: name) }
      } else {
        let letters = word.dropFirst()
        spec = letters.count == 1 ? specs.first { $0.short == letters.first } : nil
      }
      guard let spec else {
        throw unknown(spelling, specs: specs, command: command, tables: tables)
      }
      if spec.valueIsOptional {
        result.options.append(GivenOption(name: spec.name, value: inlineValue, spelling: spelling))
      } else if spec.takesValue {
        if let inlineValue {
          result.options.append(
            GivenOption(name: spec.name, value: inlineValue, spelling: spelling))
        } else if index < words.count, !looksLikeOption(words[index]) {
          result.options.append(
            GivenOption(name: spec.name, value: words[index], spelling: spelling))
          index += 1
        } else if index < words.count {
          throw UsageError(
            "option '\(spelling)' needs a value (\(spec.valueName!)), and '\(words[index])' is an "
              + "option; to give it as the value, write '\(spelling)=\(words[index])'",
            command: command)
        } else {
          throw UsageError(
            "option '\(spelling)' needs a value (\(spec.valueName!))", command: command)
        }
      } else {
        if inlineValue != nil {
          throw UsageError("option '\(spelling)' takes no value", command: command)
        }
        result.options.append(GivenOption(name: spec.name, value: nil, spelling: spelling))
      }
    }
    return result
  }

  /// True for a word read as an option: it starts with `-`, and is neither
  /// a lone `-` (standard input) nor a negative number.
  package static func looksLikeOption(_ word: String) -> Bool {
    word.hasPrefix("-") && word != "-" && !isNumber(word)
  }

  /// The error for an option no spec answers to: the nearest names, else
  /// the commands that take it.
  private static func unknown(
    _ spelling: String, specs: [OptionSpec], command: String?,
    tables: [(command: String, options: [OptionSpec])]
  ) -> UsageError {
    let name = String(spelling.drop { $0 == "-" })
    var problem = "unknown option '\(spelling)'"
    let near = EditDistance.suggestion(for: name, in: specs.map(\.name.rawValue), prefix: "--")
    if !near.isEmpty {
      problem += near
    } else if spelling.hasPrefix("--") {
      let others = tables.filter { other in
        other.command != command && other.options.contains { $0.answers(to: name) }
      }
      if !others.isEmpty {
        let names = others.map { "'isle \($0.command)'" }.joined(separator: " and ")
        problem += "; it is an option of \(names)"
      }
    }
    return UsageError(problem, command: command)
  }

  /// `-1`, `-2.5`: a negative number, not an option.
  private static func isNumber(_ word: String) -> Bool {
    let rest = word.dropFirst()
    return !rest.isEmpty && rest.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ".") }
  }
}
