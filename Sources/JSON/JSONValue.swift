/// A JSON value as the protocol carries it: what a message is read into
/// and what a reply is built from.
///
/// Objects are dictionaries and are written with their keys sorted, so a
/// reply reads the same every time.
public enum JSONValue: Sendable, Equatable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A number, as a double (ids and positions are whole numbers within it).
  case number(Double)
  /// A string.
  case string(String)
  /// An array.
  case array([JSONValue])
  /// An object; a key given twice keeps its last value.
  case object([String: JSONValue])
  /// JSON text written already (by a `JSONWriter`): a large reply built
  /// without a value for each of its parts; read from a message only as
  /// a request's numeric id, kept as sent (`JSONParser.parse(_:keepingNumberAt:)`).
  case written(String)

  /// An integer as a JSON number.
  public static func int(_ value: Int) -> JSONValue { .number(Double(value)) }

  /// The member `key` of an object; nil for anything else or a missing key.
  public subscript(key: String) -> JSONValue? {
    if case .object(let members) = self { return members[key] }
    return nil
  }

  /// The text of a string.
  public var string: String? {
    if case .string(let text) = self { return text }
    return nil
  }

  /// A number that is a whole number an `Int` holds.
  public var int: Int? {
    guard case .number(let value) = self, value == value.rounded(), abs(value) < 9e15 else {
      return nil
    }
    return Int(value)
  }

  /// The truth of a boolean.
  public var bool: Bool? {
    if case .bool(let value) = self { return value }
    return nil
  }

  /// The elements of an array.
  public var array: [JSONValue]? {
    if case .array(let elements) = self { return elements }
    return nil
  }

  /// The value as JSON text.
  public var text: String {
    var writer = JSONWriter()
    writer.value(self)
    return writer.text
  }
}
