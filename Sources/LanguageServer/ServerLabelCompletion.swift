import JSON
import Links
import Workspace

/// Completion of reference labels: after `[text][` and in `[label` (a
/// reference written as its label, `[label]` or `[label][]`), the labels
/// the document's definitions give, each as its definition writes it.
extension LanguageServer {
  /// Where the label being typed at the end of `before` (a line up to the
  /// cursor) starts: after the last `[`, when no white space, parenthesis
  /// or bracket follows it, it is not escaped, does not follow `)` (a
  /// link's end), and is not a footnote's (`[^`). Nil otherwise.
  static func typedLabel(_ before: [UInt8]) -> Int? {
    guard let open = before.lastIndex(of: 0x5B) else { return nil }
    let typed = before[(open + 1)...]
    let ended: Set<UInt8> = [0x20, 0x09, 0x28, 0x29, 0x5D]
    guard !typed.contains(where: { ended.contains($0) }), typed.first != 0x5E else { return nil }
    if open > 0 && (before[open - 1] == 0x5C || before[open - 1] == 0x29) { return nil }
    return open + 1
  }

  /// The labels of the definitions in `facts`' document, once each (the
  /// first definition of a label is the one that counts), replacing the
  /// label typed before the cursor; nothing when none is being typed.
  func labelCompletion(
    _ before: [UInt8], facts: DocumentFacts, text: TextLines, cursor: Int, position: TextPosition
  ) -> JSONValue {
    guard let start = Self.typedLabel(before) else { return .array([]) }
    var items = CompletionItems(text: text, cursor: cursor, position: position)
    var offered = Set<String>()
    for fact in facts.links where fact.role == .definition {
      guard let key = fact.link.labelKey, offered.insert(key).inserted else { continue }
      let written = fact.link.labelRange.flatMap { $0.upperBound <= text.bytes.count ? $0 : nil }
      let label = String(
        decoding: written.map { Array(text.bytes[$0]) } ?? fact.link.label ?? [], as: UTF8.self)
      guard !label.isEmpty else { continue }
      items.add(
        label, label, kind: 18, detail: fact.link.destination,
        replacing: before.count - start)
    }
    return items.json
  }
}
