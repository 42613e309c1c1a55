import JSON

/// Why a tool gave no answer: one sentence, naming the argument or the
/// file, sent back as the tool's error.
struct ToolError: Error {
  var sentence: String
  init(_ sentence: String) { self.sentence = sentence }
}

/// A tool call's `arguments`, read with the type each tool expects; a
/// missing, unknown or mistyped argument is a failure naming it.
struct ToolArguments {
  let members: [String: JSONValue]

  init(_ value: JSONValue) {
    if case .object(let members) = value { self.members = members } else { self.members = [:] }
  }

  /// Fails on an argument the tool does not take.
  func only(_ names: [String]) throws(ToolError) {
    for key in members.keys.sorted() where !names.contains(key) {
      throw ToolError(
        "no argument '\(key)'; this tool takes " + names.map { "'\($0)'" }.joined(separator: ", "))
    }
  }

  func string(_ name: String) throws(ToolError) -> String {
    guard let text = try optionalString(name) else {
      throw ToolError("'\(name)' is missing: it must be a string")
    }
    return text
  }

  func optionalString(_ name: String) throws(ToolError) -> String? {
    guard let value = given(name) else { return nil }
    if let text = value.string, text.contains("\0") {
      throw ToolError("'\(name)' holds a NUL character, which no path or text may hold")
    }
    guard let text = value.string, !text.isEmpty else {
      throw ToolError("'\(name)' must be a non-empty string, not \(Self.kind(value))")
    }
    return text
  }

  /// True when `name` is given (not null).
  func has(_ name: String) -> Bool { given(name) != nil }

  /// An array of non-empty strings; empty only when `empty` allows it.
  func strings(_ name: String, empty: Bool = false) throws(ToolError) -> [String] {
    guard let value = given(name) else {
      throw ToolError("'\(name)' is missing: it must be an array of strings")
    }
    guard let elements = value.array, empty || !elements.isEmpty else {
      let what = empty ? "an array of strings" : "a non-empty array of strings"
      throw ToolError("'\(name)' must be \(what), not \(Self.kind(value))")
    }
    return try elements.enumerated().map { (index, element) throws(ToolError) in
      if let text = element.string, text.contains("\0") {
        throw ToolError("'\(name)[\(index)]' holds a NUL character, which no path or text may hold")
      }
      guard let text = element.string, !text.isEmpty else {
        throw ToolError(
          "'\(name)[\(index)]' must be a non-empty string, not \(Self.kind(element))")
      }
      return text
    }
  }

  /// A whole number within `range`; nil when not given.
  func integer(_ name: String, in range: ClosedRange<Int>) throws(ToolError) -> Int? {
    guard let value = given(name) else { return nil }
    guard case .number(let number) = value, number == number.rounded() else {
      throw ToolError("'\(name)' must be a whole number, not \(Self.kind(value))")
    }
    guard number >= Double(range.lowerBound) else {
      throw ToolError(
        "'\(name)' must be at least \(range.lowerBound), not \(JSONValue.number(number).text)")
    }
    guard number <= Double(range.upperBound) && number < 9e15 else {
      // Past what an Int holds: taken as the largest it can be.
      if range.upperBound == Int.max { return Self.largest }
      throw ToolError(
        "'\(name)' must be at most \(range.upperBound), not \(JSONValue.number(number).text)")
    }
    return Int(number)
  }

  /// What a whole number past what an Int holds is taken as.
  static let largest = 1 << 52

  /// `sentence` with the value a number past what an Int holds was taken
  /// as (`largest`) written as the number sent.
  func echoed(_ sentence: String) -> String {
    for key in members.keys.sorted() {
      guard case .number(let number) = members[key], number >= 9e15 else { continue }
      // Whole numbers in digits, as they are usually sent (10**18).
      let sent = number < 1.8e19 ? String(UInt64(number)) : JSONValue.number(number).text
      return sentence.replacing(String(Self.largest), with: sent)
    }
    return sentence
  }

  /// A number within `range` (a fraction allowed); nil when not given.
  func number(_ name: String, in range: ClosedRange<Double>) throws(ToolError) -> Double? {
    guard let value = given(name) else { return nil }
    guard case .number(let number) = value else {
      throw ToolError("'\(name)' must be a number, not \(Self.kind(value))")
    }
    guard range.contains(number) else {
      throw ToolError(
        "'\(name)' must be from \(JSONValue.number(range.lowerBound).text) to "
          + "\(JSONValue.number(range.upperBound).text), not \(JSONValue.number(number).text)")
    }
    return number
  }

  func boolean(_ name: String) throws(ToolError) -> Bool? {
    guard let value = given(name) else { return nil }
    guard let truth = value.bool else {
      throw ToolError("'\(name)' must be true or false, not \(Self.kind(value))")
    }
    return truth
  }

  /// The argument `name`; null counts as not given.
  private func given(_ name: String) -> JSONValue? {
    guard let value = members[name], value != .null else { return nil }
    return value
  }

  /// What a value is, as a failure names it.
  static func kind(_ value: JSONValue) -> String {
    switch value {
    case .null: return "null"
    case .bool: return "a boolean"
    case .number(let number): return "the number \(JSONValue.number(number).text)"
    case .string(let text): return text.isEmpty ? "an empty string" : "a string"
    case .array(let elements): return elements.isEmpty ? "an empty array" : "an array"
    case .object, .written: return "an object"
    }
  }
}
