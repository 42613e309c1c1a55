import JSON
import JSONRPC
import Outline
import Workspace

/// Renaming a heading: its text in the document, and its id in every link
/// of the workspace that points to it. (What else is renamed, and how:
/// `renameName`.)
extension LanguageServer {
  /// The bytes of a Markdown heading's text on its line: after the `#`
  /// marks of an ATX heading and before its closing ones; the trimmed
  /// line of a setext heading. Nil for a heading written as HTML.
  static func titleBytes(_ text: TextLines, line: Int) -> Range<Int>? {
    let bytes = text.bytes
    var start = text.start(ofLine: line)
    var end = text.end(ofLine: line)
    func isSpace(_ index: Int) -> Bool { bytes[index] == 0x20 || bytes[index] == 0x09 }
    // Quote marks and the indentation of a list item before it.
    while start < end && (isSpace(start) || bytes[start] == 0x3E) { start += 1 }
    guard start < end, bytes[start] != 0x3C else { return nil }
    if bytes[start] == 0x23 {
      while start < end && bytes[start] == 0x23 { start += 1 }
      while start < end && isSpace(start) { start += 1 }
      while end > start && isSpace(end - 1) { end -= 1 }
      var closing = end
      while closing > start && bytes[closing - 1] == 0x23 { closing -= 1 }
      if closing == start || isSpace(closing - 1) {
        end = closing
        while end > start && isSpace(end - 1) { end -= 1 }
      }
    } else {
      while end > start && isSpace(end - 1) { end -= 1 }
    }
    return start..<end
  }

  /// The heading a rename at a request's position renames, with its
  /// document's text and the bytes of its title; and what the editor
  /// shows renamed there: the title on the heading's line, the id in a
  /// link's fragment (in the requested document).
  private func renamedHeading(_ params: PositionParams) throws(ResponseError) -> (
    target: LinkTarget, text: TextLines, title: Range<Int>, shown: TextRange
  ) {
    let refused = Self.notRenamed
    let facts = try loadFacts(params.path)
    let position = params.position
    var shown: TextRange? = nil
    if facts.heading(at: position) == nil {
      // A link: on its destination, not its text; a use of a definition
      // names a label (renamed by `renameName`).
      guard let link = facts.link(at: position), link.role != .reference,
        let source = text(facts.path), let fragment = link.fragment(in: source.bytes)
      else { throw refused }
      shown = source.range(of: fragment)
    }
    guard let target = headingTarget(facts, at: position), let index = target.heading,
      let text = text(target.path), let headingFacts = self.facts(target.path),
      headingFacts.format == .markdown,
      let title = Self.titleBytes(text, line: headingFacts.headings[index].headingRange.start.line)
    else { throw refused }
    return (target, text, title, shown ?? text.range(of: title))
  }

  func prepareRename(_ params: PositionParams) throws(ResponseError) -> JSONValue {
    if let (named, at, _) = try renamedName(params) { return try preparedName(named, at) }
    let (_, text, title, shown) = try renamedHeading(params)
    return .object([
      "range": shown.json,
      "placeholder": .string(String(decoding: text.bytes[title], as: UTF8.self)),
    ])
  }

  /// Renames a heading: its title, and in every link of the workspace
  /// that points to a heading of its document whose id the new title
  /// changes (the renamed one, and the duplicates after it, whose `-1`,
  /// `-2` move), the fragment.
  func rename(_ params: RenameParams, _ request: Request) throws(ResponseError) -> JSONValue {
    let newName = params.newName
    // A NUL, a line break or an escape would be written into the document.
    if let control = newName.unicodeScalars.first(where: {
      $0.properties.generalCategory == .control
    }) {
      throw .invalidParams(
        "the new name holds a control character (U+\(Self.hex(control.value))): refused")
    }
    if let (named, _, facts) = try renamedName(params.at) {
      return try renameName(named, to: newName, from: facts, request)
    }
    let (target, text, title, _) = try renamedHeading(params.at)
    // The new ids are what the outline makes of the renamed heading, so
    // duplicates and the slug flavour come out as everywhere else.
    var renamed = text.bytes
    renamed.replaceSubrange(title, with: newName.utf8)
    let options = OutlineFacts.options(
      host.outlineOptions(forDocumentAt: target.path), links: false)
    guard let old = facts(target.path),
      let new = try? Outliner.outline(renamed, path: target.path, options: options),
      new.sections.count == old.headings.count
    else { throw .invalidParams("'\(newName)' does not stay one heading") }
    // `]` or blanks: every link to it would lead to the top of the page.
    guard let index = target.heading, let id = new.sections[index].id, !id.isEmpty else {
      throw .invalidParams("'\(newName)' gives the heading no id: links to it would go nowhere")
    }
    var ids: [Int: String] = [:]
    for (index, heading) in old.headings.enumerated() {
      if let id = new.sections[index].id, id != heading.id { ids[index] = id }
    }
    var changes: [String: [TextEdit]] = [:]
    func edit(_ path: String, _ range: TextRange, _ text: String) {
      changes[path, default: []].append(TextEdit(range: range, newText: text))
    }
    edit(target.path, text.range(of: title), newName)
    if !ids.isEmpty {
      var texts: [String: TextLines] = [:]
      for (document, link, found) in try links(into: target.path, request) {
        guard let heading = found.heading, let id = ids[heading] else { continue }
        if texts[document.path] == nil { texts[document.path] = self.text(document.path) }
        guard let source = texts[document.path], let fragment = link.fragment(in: source.bytes),
          // Written with escapes: left for a person, as `check --fix` leaves it.
          !source.bytes[fragment].contains(where: { $0 == 0x25 || $0 == 0x5C || $0 == 0x26 })
        else { continue }
        edit(document.path, source.range(of: fragment), id)
      }
    }
    return workspaceEdit(changes)
  }

  /// `value` in at least four hexadecimal digits, as U+ names it.
  static func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }
}
