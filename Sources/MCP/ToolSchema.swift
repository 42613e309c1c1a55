import JSON

/// A JSON Schema as the tool catalog writes one: a type (or a type or
/// null), what it says of itself, its bounds, its items or properties.
/// It writes itself, each keyword spelled here once, in the order of the
/// keywords' names, as a `JSONValue`'s object is written.
final class ToolSchema: JSONWritable, Sendable {
  let types: [String]
  let description: String?
  let minimum: Int?
  let maximum: Int?
  let minItems: Int?
  let items: ToolSchema?
  let properties: [String: ToolSchema]?
  let required: [String]?
  let anyOf: [ToolSchema]?
  let choices: [String]?

  init(
    _ types: [String], _ description: String? = nil, minimum: Int? = nil, maximum: Int? = nil,
    minItems: Int? = nil, items: ToolSchema? = nil, properties: [String: ToolSchema]? = nil,
    required: [String]? = nil, anyOf: [ToolSchema]? = nil, choices: [String]? = nil
  ) {
    self.types = types
    self.description = description
    self.minimum = minimum
    self.maximum = maximum
    self.minItems = minItems
    self.items = items
    self.properties = properties
    self.required = required
    self.anyOf = anyOf
    self.choices = choices
  }

  /// A value of `type`, or null when `nullable`.
  convenience init(
    _ type: String, _ description: String? = nil, nullable: Bool = false, minimum: Int? = nil,
    maximum: Int? = nil, minItems: Int? = nil, items: ToolSchema? = nil
  ) {
    self.init(
      nullable ? [type, "null"] : [type], description, minimum: minimum, maximum: maximum,
      minItems: minItems, items: items)
  }

  /// An object of `properties`, those `required` among them.
  static func object(_ properties: [String: ToolSchema], required: [String]) -> ToolSchema {
    ToolSchema(["object"], properties: properties, required: required)
  }

  /// One of `schemas`, with no type of its own.
  static func anyOf(_ schemas: [ToolSchema]) -> ToolSchema {
    ToolSchema([], anyOf: schemas)
  }

  /// A string, one of `choices`.
  static func choice(_ choices: [String], _ description: String) -> ToolSchema {
    ToolSchema(["string"], description, choices: choices)
  }

  /// An array of `items`.
  static func array(_ items: ToolSchema, _ description: String? = nil, minItems: Int? = nil)
    -> ToolSchema
  {
    ToolSchema("array", description, minItems: minItems, items: items)
  }

  func write(to writer: inout JSONWriter) {
    writer.open()
    if let anyOf { writer.add("anyOf", anyOf) }
    if let description { writer.add("description", description) }
    if let choices { writer.add("enum", strings: choices) }
    if let items { writer.add("items", items) }
    if let maximum { writer.add("maximum", maximum) }
    if let minItems { writer.add("minItems", minItems) }
    if let minimum { writer.add("minimum", minimum) }
    if let properties {
      writer.key("properties")
      writer.open()
      for name in properties.keys.sorted() { writer.add(text: name, properties[name]!) }
      writer.close()
    }
    if let required { writer.add("required", strings: required) }
    if types.count == 1 {
      writer.add("type", types[0])
    } else if !types.isEmpty {
      writer.add("type", strings: types)
    }
    writer.close()
  }
}
