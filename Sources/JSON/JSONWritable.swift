/// A value that writes itself as JSON through the one writer: a reply's
/// small result (a location, an edit, a tool's description) whose field
/// names are spelled once, in its `write(to:)`, and never built into a
/// `JSONValue` first.
///
/// Members are written in the order of their names, as a `JSONValue`'s
/// object is, so a reply reads the same byte for byte whichever way it
/// was made.
public protocol JSONWritable {
  /// Writes the value where `writer` stands: a member's value, an
  /// element, or the whole text.
  func write(to writer: inout JSONWriter)
}

extension JSONWritable {
  /// The value as JSON text.
  public var jsonText: String {
    var writer = JSONWriter()
    write(to: &writer)
    return writer.text
  }

  /// The value as JSON written already, to stand inside a `JSONValue`
  /// built by hand.
  public var jsonValue: JSONValue { .written(jsonText) }
}

extension JSONValue: JSONWritable {
  public func write(to writer: inout JSONWriter) { writer.value(self) }
}

extension Array: JSONWritable where Element: JSONWritable {
  public func write(to writer: inout JSONWriter) {
    writer.openArray()
    for element in self {
      writer.element()
      element.write(to: &writer)
    }
    writer.closeArray()
  }
}

extension Optional: JSONWritable where Wrapped: JSONWritable {
  /// The value, or `null`.
  public func write(to writer: inout JSONWriter) {
    if let value = self { value.write(to: &writer) } else { writer.null() }
  }
}

extension String: JSONWritable {
  public func write(to writer: inout JSONWriter) { writer.string(self) }
}

extension Int: JSONWritable {
  public func write(to writer: inout JSONWriter) { writer.int(self) }
}

extension Bool: JSONWritable {
  public func write(to writer: inout JSONWriter) { writer.bool(self) }
}

extension JSONWriter {
  /// A member holding a value that writes itself.
  public mutating func add(_ key: StaticString, _ value: some JSONWritable) {
    self.key(key)
    value.write(to: &self)
  }

  /// A member whose name is any text, holding a value that writes itself.
  public mutating func add(text key: String, _ value: some JSONWritable) {
    self.key(text: key)
    value.write(to: &self)
  }
}
