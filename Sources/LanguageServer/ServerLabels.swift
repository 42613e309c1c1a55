import JSON
import Links
import Workspace

/// Reference labels as diagnostics (as VS Code reports them): a reference
/// to a label no definition has, a label defined twice, a definition
/// nothing uses; with their quick fixes: the near label for an undefined
/// one, the definition's removal for the others.
extension LanguageServer {
  /// The reference labels of a Markdown document; nil for HTML.
  func labels(_ facts: DocumentFacts, text: TextLines) -> ReferenceLabels? {
    guard facts.format == .markdown else { return nil }
    return ReferenceLabels(facts.found, bytes: text.bytes, lines: text.lines)
  }

  /// The diagnostics of a document's labels, each at its level.
  func labelDiagnostics(_ labels: ReferenceLabels, text: TextLines, settings: ServerSettings)
    -> [Diagnostic]
  {
    var found: [Diagnostic] = []
    func add(_ range: Range<Int>, _ level: ServerSettings.Level, _ code: String, _ message: String)
    {
      guard let severity = level.severity else { return }
      found.append(
        Diagnostic(range: text.range(of: range), severity: severity, code: code, message: message))
    }
    func written(_ range: Range<Int>) -> String {
      String(decoding: text.bytes[range], as: UTF8.self)
    }
    for undefined in labels.undefined {
      add(
        undefined.label, settings.references, "undefined-reference",
        "no definition of [\(written(undefined.label))]")
    }
    for definition in labels.definitions {
      let label = written(definition.label)
      if definition.isDuplicate {
        add(
          definition.label, settings.duplicateDefinitions, "duplicate-definition",
          "[\(label)] is defined more than once: the first definition counts")
      }
      if definition.isUnused {
        add(
          definition.extent, settings.unusedDefinitions, "unused-definition",
          "no link uses the definition [\(label)]")
      }
    }
    return found
  }

  /// The quick fixes of the labels under `asked`: an unused or duplicate
  /// definition removed (its lines), an undefined label changed to the one
  /// defined label near enough to be what was meant.
  func labelFixes(_ labels: ReferenceLabels, text: TextLines, path: String, asked: TextRange)
    -> [JSONValue]
  {
    func overlaps(_ range: Range<Int>) -> Bool {
      let found = text.range(of: range)
      return found.start <= asked.end && asked.start <= found.end
    }
    func written(_ range: Range<Int>) -> String {
      String(decoding: text.bytes[range], as: UTF8.self)
    }
    var actions: [JSONValue] = []
    for definition in labels.definitions
    where (definition.isUnused || definition.isDuplicate) && overlaps(definition.extent) {
      let what = definition.isUnused ? "unused" : "duplicate"
      actions.append(
        codeAction(
          "Remove \(what) link definition [\(written(definition.label))]", kind: "quickfix",
          edit: workspaceEdit(path, [(text.range(of: Self.removal(definition, text)), "")]),
          preferred: true))
    }
    var labelsByKey: [String: String] = [:]
    for definition in labels.definitions where labelsByKey[definition.key] == nil {
      labelsByKey[definition.key] = written(definition.label)
    }
    let keys = labelsByKey.keys.sorted()
    for undefined in labels.undefined where overlaps(undefined.label) {
      guard let near = LinkChecker.suggestion(for: undefined.key, in: keys),
        let label = labelsByKey[near]
      else { continue }
      actions.append(
        codeAction(
          "Change to [\(label)]", kind: "quickfix",
          edit: workspaceEdit(path, [(text.range(of: undefined.label), label)]), preferred: true))
    }
    return actions
  }

  /// The bytes that removing a definition takes: its lines; for the last
  /// line of the document, the line ending before it too.
  static func removal(_ definition: ReferenceLabels.Definition, _ text: TextLines) -> Range<Int> {
    let lines = definition.lines
    let bytes = text.bytes
    let endsLine =
      lines.upperBound > lines.lowerBound && [0x0A, 0x0D].contains(bytes[lines.upperBound - 1])
    guard !endsLine, lines.lowerBound > 0 else { return lines }
    var start = lines.lowerBound - 1
    if start > 0, bytes[start] == 0x0A, bytes[start - 1] == 0x0D { start -= 1 }
    return start..<lines.upperBound
  }

  /// A code action with its edit.
  func codeAction(_ title: String, kind: String, edit: JSONValue, preferred: Bool = false)
    -> JSONValue
  {
    var action: [String: JSONValue] = [
      "title": .string(title), "kind": .string(kind), "edit": edit,
    ]
    if preferred { action["isPreferred"] = .bool(true) }
    return .object(action)
  }
}
