import CYaml

/// A YAML value as MkDocs' loader sees it once tags are set aside: tags
/// (`!ENV`, `!!python/name:…`) are ignored, anchors and aliases resolved,
/// `<<` merge keys spliced in.
indirect enum YAMLNode: Sendable {
  case scalar(String, line: Int)
  case sequence([YAMLNode], line: Int)
  case mapping([(key: String, value: YAMLNode)], line: Int)

  /// The 1-based line where the value starts.
  var line: Int {
    switch self {
    case .scalar(_, let line), .sequence(_, let line), .mapping(_, let line): return line
    }
  }

  /// The value of `key` in a mapping (the last one given, as PyYAML keeps).
  subscript(key: String) -> YAMLNode? {
    guard case .mapping(let pairs, _) = self else { return nil }
    return pairs.last(where: { $0.key == key })?.value
  }

  /// The first document of `bytes`, nil for an empty stream, or an error
  /// naming `file` and the line libyaml stopped at.
  static func parse(_ bytes: [UInt8], file: String) throws(BookError) -> YAMLNode? {
    var parser = yaml_parser_t()
    guard yaml_parser_initialize(&parser) != 0 else {
      throw BookError(file, "cannot start libyaml")
    }
    defer { yaml_parser_delete(&parser) }
    var builder = YAMLBuilder()
    return try bytes.withUnsafeBufferPointer { buffer throws(BookError) -> YAMLNode? in
      yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
      while true {
        var event = yaml_event_t()
        guard yaml_parser_parse(&parser, &event) != 0 else {
          let problem = parser.problem.map { String(cString: $0) } ?? "malformed YAML"
          throw BookError(file, line: Int(parser.problem_mark.line) + 1, "YAML: \(problem)")
        }
        defer { yaml_event_delete(&event) }
        if event.type == YAML_STREAM_END_EVENT || event.type == YAML_DOCUMENT_END_EVENT {
          return builder.root
        }
        if let problem = builder.take(&event) { throw BookError(file, line: builder.line, problem) }
      }
    }
  }
}

/// Builds nodes from libyaml's events: a stack of open collections.
private struct YAMLBuilder {
  private enum Open {
    case sequence([YAMLNode], anchor: String?, line: Int)
    case mapping([(key: String, value: YAMLNode)], pendingKey: String?, anchor: String?, line: Int)
  }
  private var stack: [Open] = []
  private var anchors: [String: YAMLNode] = [:]
  var root: YAMLNode? = nil
  var line = 0

  /// Takes one event; a message when the document cannot be read.
  mutating func take(_ event: inout yaml_event_t) -> String? {
    line = Int(event.start_mark.line) + 1
    switch event.type {
    case YAML_SCALAR_EVENT:
      let scalar = event.data.scalar
      let text = String(
        decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
      return add(.scalar(text, line: line), anchor: Self.text(scalar.anchor))
    case YAML_ALIAS_EVENT:
      guard let name = Self.text(event.data.alias.anchor), let node = anchors[name] else {
        return "an alias to no anchor"
      }
      return add(node, anchor: nil)
    case YAML_SEQUENCE_START_EVENT:
      stack.append(.sequence([], anchor: Self.text(event.data.sequence_start.anchor), line: line))
    case YAML_MAPPING_START_EVENT:
      stack.append(
        .mapping(
          [], pendingKey: nil, anchor: Self.text(event.data.mapping_start.anchor), line: line))
    case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
      guard let open = stack.popLast() else { return nil }
      switch open {
      case .sequence(let items, let anchor, let start):
        return add(.sequence(items, line: start), anchor: anchor)
      case .mapping(let pairs, _, let anchor, let start):
        return add(.mapping(pairs, line: start), anchor: anchor)
      }
    default: break
    }
    return nil
  }

  private mutating func add(_ node: YAMLNode, anchor: String?) -> String? {
    if let anchor { anchors[anchor] = node }
    guard let open = stack.popLast() else {
      root = node
      return nil
    }
    switch open {
    case .sequence(var items, let anchor, let start):
      items.append(node)
      stack.append(.sequence(items, anchor: anchor, line: start))
    case .mapping(var pairs, let pending, let anchor, let start):
      if let pending {
        if pending == "<<", case .mapping(let merged, _) = node {
          pairs.insert(
            contentsOf: merged.filter { m in !pairs.contains { $0.key == m.key } }, at: 0)
        } else {
          pairs.append((pending, node))
        }
        stack.append(.mapping(pairs, pendingKey: nil, anchor: anchor, line: start))
      } else {
        guard case .scalar(let key, _) = node else { return "a mapping key that is no scalar" }
        stack.append(.mapping(pairs, pendingKey: key, anchor: anchor, line: start))
      }
    }
    return nil
  }

  private static func text(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
    pointer.map { String(cString: $0) }
  }
}
