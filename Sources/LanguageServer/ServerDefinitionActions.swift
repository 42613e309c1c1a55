import JSON
import Links
import Workspace

/// The code actions over a document's reference definitions, as VS Code
/// has them: a link's destination extracted into a definition, and the
/// definitions organized (sorted, gathered at the end; unused ones
/// dropped if asked).
extension LanguageServer {
  /// An inline link or autolink that can become a reference: the bytes
  /// that give way to `[label]` and the definition's destination (and
  /// title) as written.
  struct Extractable {
    /// From the link's first byte through its `)` or `>`.
    var span: Range<Int>
    /// `(destination "title")`, or the whole autolink.
    var replaced: Range<Int>
    var definition: String
    var isAutolink: Bool
  }

  /// "Extract to link definition" on the innermost inline link under
  /// `asked`: it and every link written with the same destination and
  /// title use a new label, defined after the document's last definitions
  /// when they end it, else at its end.
  func extractActions(
    _ facts: DocumentFacts, labels: ReferenceLabels, text: TextLines, path: String,
    asked: TextRange
  ) -> [JSONValue] {
    let found = facts.links.compactMap { Self.extractable($0, in: text.bytes) }
    let under = found.filter {
      let span = text.range(of: $0.span)
      return span.start <= asked.end && asked.start <= span.end
    }
    guard let chosen = under.min(by: { $0.span.count < $1.span.count }) else { return [] }
    var taken = Set(labels.definitions.map(\.key)).union(labels.used)
    taken.formUnion(labels.undefined.map(\.key))
    let label = (0...).lazy.map { $0 == 0 ? "def" : "def\($0)" }.first { !taken.contains($0) }!
    var edits: [(TextRange, String)] = found.filter {
      $0.isAutolink == chosen.isAutolink && $0.definition == chosen.definition
    }.map { (text.range(of: $0.replaced), "[\(label)]") }
    edits.append(Self.definitionInsertion("[\(label)]: \(chosen.definition)", labels, text))
    return [
      codeAction(
        "Extract to link definition", kind: "refactor.extract", edit: workspaceEdit(path, edits))
    ]
  }

  /// Where a new definition goes: on a line after the definitions that
  /// end the document, else after a blank line at its end.
  static func definitionInsertion(
    _ definition: String, _ labels: ReferenceLabels, _ text: TextLines
  ) -> (TextRange, String) {
    let bytes = text.bytes
    var end = bytes.count
    while end > 0, [0x0A, 0x0D, 0x20, 0x09].contains(bytes[end - 1]) { end -= 1 }
    if let last = labels.definitions.last(where: \.standsAlone), last.extent.upperBound <= end,
      bytes[last.extent.upperBound..<end].allSatisfy({ $0 == 0x20 || $0 == 0x09 })
    {
      let at = text.position(of: end)
      return (TextRange(start: at, end: at), "\n" + definition)
    }
    let at = text.position(of: bytes.count)
    let endsLine = bytes.last == 0x0A || bytes.last == 0x0D
    return (TextRange(start: at, end: at), endsLine ? "\n\(definition)\n" : "\n\n\(definition)")
  }

  /// What of `link` an extraction replaces; nil for a link that is not
  /// inline, not written in brackets or angle brackets, or has no
  /// destination.
  static func extractable(_ link: LinkFact, in bytes: [UInt8]) -> Extractable? {
    guard link.role == .inline, link.link.kind == .link || link.link.kind == .image,
      let written = link.written, link.link.offset < bytes.count
    else { return nil }
    let start = link.link.offset
    if bytes[start] == 0x3C {
      guard written.upperBound < bytes.count, bytes[written.upperBound] == 0x3E else { return nil }
      let inside = String(decoding: bytes[written], as: UTF8.self)
      let destination = link.link.destination
      // An e-mail autolink's destination is its `mailto:` address.
      let definition = destination.hasSuffix(inside) ? destination : inside
      return Extractable(
        span: start..<(written.upperBound + 1), replaced: start..<(written.upperBound + 1),
        definition: definition, isAutolink: true)
    }
    guard let tail = inlineTail(bytes, destination: written) else { return nil }
    let inner = bytes[(tail.open + 1)..<tail.close]
    let definition = String(decoding: inner, as: UTF8.self).trimmed
    guard !definition.isEmpty else { return nil }
    return Extractable(
      span: start..<(tail.close + 1), replaced: tail.open..<(tail.close + 1),
      definition: definition, isAutolink: false)
  }

  /// The `(` and `)` around an inline link's destination (and title);
  /// nil when they are not found as CommonMark writes them.
  static func inlineTail(_ bytes: [UInt8], destination: Range<Int>) -> (open: Int, close: Int)? {
    func isSpace(_ byte: UInt8) -> Bool { [0x20, 0x09, 0x0A, 0x0D].contains(byte) }
    var open = destination.lowerBound - 1
    if open >= 0, bytes[open] == 0x3C { open -= 1 }
    while open >= 0, isSpace(bytes[open]) { open -= 1 }
    guard open > 0, bytes[open] == 0x28, bytes[open - 1] == 0x5D else { return nil }
    var at = destination.upperBound
    if at < bytes.count, bytes[at] == 0x3E { at += 1 }
    while at < bytes.count, isSpace(bytes[at]) { at += 1 }
    if at < bytes.count, let closer = ReferenceLabels.titleCloser(bytes[at]) {
      at += 1
      while at < bytes.count, bytes[at] != closer {
        at += bytes[at] == 0x5C ? 2 : 1
      }
      at += 1
      while at < bytes.count, isSpace(bytes[at]) { at += 1 }
    }
    guard at < bytes.count, bytes[at] == 0x29 else { return nil }
    return (open, at)
  }

  /// "Organize link definitions": the definitions that stand on lines of
  /// their own sorted by label (a label's definitions kept in their
  /// order) and gathered at the end of the document; with "removing
  /// unused ones", those of labels nothing uses dropped as well. Nothing
  /// when the document would stay as it is.
  func organizeActions(_ labels: ReferenceLabels, text: TextLines, path: String) -> [JSONValue] {
    let movable = labels.definitions.filter(\.standsAlone)
    guard !movable.isEmpty else { return [] }
    var actions: [JSONValue] = []
    var seen: Set<[UInt8]> = [text.bytes]
    for dropsUnused in [false, true] {
      let kept = dropsUnused ? movable.filter { labels.used.contains($0.key) } : movable
      let organized = Self.organized(text.bytes, moving: movable, keeping: kept)
      guard seen.insert(organized).inserted,
        let change = Self.difference(text.bytes, organized)
      else { continue }
      actions.append(
        codeAction(
          dropsUnused
            ? "Organize link definitions, removing unused ones" : "Organize link definitions",
          kind: "source.organizeLinkDefinitions",
          edit: workspaceEdit(path, [(text.range(of: change.range), change.text)])))
    }
    return actions
  }

  /// `bytes` with the definitions `moving` taken from where they stand and
  /// those of `kept` written, sorted, at the end.
  static func organized(
    _ bytes: [UInt8], moving: [ReferenceLabels.Definition],
    keeping kept: [ReferenceLabels.Definition]
  ) -> [UInt8] {
    func isBlank(_ range: Range<Int>) -> Bool {
      bytes[range].allSatisfy { [0x20, 0x09, 0x0A, 0x0D].contains($0) }
    }
    func trimmedEnd(_ text: [UInt8]) -> [UInt8] {
      var text = text
      while let last = text.last, [0x0A, 0x0D, 0x20, 0x09].contains(last) { text.removeLast() }
      return text
    }
    let lineEnding: [UInt8] = bytes.contains(0x0D) && bytes.contains(0x0A) ? [0x0D, 0x0A] : [0x0A]
    let sorted = kept.enumerated().sorted {
      ($0.element.key, $0.offset) < ($1.element.key, $1.offset)
    }
    var block: [UInt8] = []
    for (index, definition) in sorted.map(\.element).enumerated() {
      if index > 0 { block += lineEnding }
      var line = Array(bytes[definition.lines])
      while let last = line.last, last == 0x0A || last == 0x0D { line.removeLast() }
      block += line
    }
    let endsLine = bytes.last == 0x0A || bytes.last == 0x0D
    // The definitions already end the document: they are sorted there.
    if let first = moving.first, Self.onlyDefinitions(bytes, from: first.lines.lowerBound, moving) {
      let head = Array(bytes[..<first.lines.lowerBound])
      guard block.isEmpty else { return head + block + (endsLine ? lineEnding : []) }
      let kept = trimmedEnd(head)
      return kept + (endsLine && !kept.isEmpty ? lineEnding : [])
    }
    var rest: [UInt8] = []
    var at = 0
    for definition in moving {
      rest += bytes[at..<definition.lines.lowerBound]
      at = definition.lines.upperBound
      // A blank line on each side of it: one of them goes with it.
      let before = rest.isEmpty || rest == [0x0A] || Array(rest.suffix(2)) == [0x0A, 0x0A]
      if before, let next = bytes[at...].firstIndex(of: 0x0A), isBlank(at..<next) { at = next + 1 }
    }
    rest = trimmedEnd(rest + bytes[at...])
    guard !block.isEmpty else { return rest + (endsLine && !rest.isEmpty ? lineEnding : []) }
    let gap = rest.isEmpty ? [] : lineEnding + lineEnding
    return rest + gap + block + (endsLine ? lineEnding : [])
  }

  /// True when from `start` on the bytes hold only the lines of
  /// `definitions` and blank lines.
  static func onlyDefinitions(
    _ bytes: [UInt8], from start: Int, _ definitions: [ReferenceLabels.Definition]
  ) -> Bool {
    var at = start
    for definition in definitions where definition.lines.lowerBound >= start {
      guard
        bytes[at..<definition.lines.lowerBound].allSatisfy({
          [0x20, 0x09, 0x0A, 0x0D].contains($0)
        })
      else { return false }
      at = definition.lines.upperBound
    }
    return bytes[at...].allSatisfy { [0x20, 0x09, 0x0A, 0x0D].contains($0) }
  }

  /// The one replacement that makes `old` into `new`: the bytes between
  /// what they share at the start and at the end (whole characters).
  static func difference(_ old: [UInt8], _ new: [UInt8]) -> (range: Range<Int>, text: String)? {
    var prefix = 0
    while prefix < old.count && prefix < new.count && old[prefix] == new[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < old.count - prefix && suffix < new.count - prefix
      && old[old.count - 1 - suffix] == new[new.count - 1 - suffix]
    {
      suffix += 1
    }
    // Whole characters only: a shared lead byte is not split off.
    while prefix > 0 && prefix < old.count && old[prefix] & 0xC0 == 0x80 { prefix -= 1 }
    while suffix > 0 && old[old.count - suffix] & 0xC0 == 0x80 { suffix -= 1 }
    guard prefix != old.count || prefix != new.count else { return nil }
    return (
      prefix..<(old.count - suffix),
      String(decoding: new[prefix..<(new.count - suffix)], as: UTF8.self)
    )
  }
}

extension String {
  /// Without white space at either end.
  fileprivate var trimmed: String {
    var text = Substring(self)
    while let first = text.first, first.isWhitespace { text.removeFirst() }
    while let last = text.last, last.isWhitespace { text.removeLast() }
    return String(text)
  }
}
