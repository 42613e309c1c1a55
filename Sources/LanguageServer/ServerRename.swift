/// Renaming a heading: its text in the document, and its id in every link
/// of the workspace that points to it.
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

  /// The heading at a request's position, its document's text, and the
  /// bytes of its title.
  private func renamedHeading(_ params: JSONValue) throws(ResponseError) -> (
    LinkTarget, TextLines, Range<Int>
  ) {
    let facts = try requestedFacts(params)
    guard let target = headingTarget(facts, at: try TextPosition(params["position"])),
      let index = target.heading, let text = text(target.path),
      let headingFacts = self.facts(target.path), headingFacts.format == .markdown,
      let title = Self.titleBytes(text, line: headingFacts.headings[index].headingRange.start.line)
    else {
      throw ResponseError(
        code: -32803, message: "only a Markdown heading, or a link to one, is renamed")
    }
    return (target, text, title)
  }

  func prepareRename(_ params: JSONValue) throws(ResponseError) -> JSONValue {
    let (_, text, title) = try renamedHeading(params)
    return .object([
      "range": text.range(of: title).json,
      "placeholder": .string(String(decoding: text.bytes[title], as: UTF8.self)),
    ])
  }

  func rename(_ params: JSONValue, _ request: Request) throws(ResponseError) -> JSONValue {
    guard let newName = params["newName"]?.string, !newName.isEmpty,
      !newName.contains(where: { $0 == "\n" || $0 == "\r" })
    else { throw .invalidParams("a heading's new name is one line of text") }
    let (target, text, title) = try renamedHeading(params)
    let index = target.heading!
    // The new id is what the outline makes of the renamed heading, so
    // duplicates and the slug flavour come out as everywhere else.
    var renamed = text.bytes
    renamed.replaceSubrange(title, with: newName.utf8)
    guard let old = facts(target.path),
      let new = DocumentFacts.outline(
        TextLines(renamed), path: target.path,
        options: host.outlineOptions(forDocumentAt: target.path)),
      new.headings.count == old.headings.count, let newID = new.headings[index].id
    else { throw .invalidParams("'\(newName)' does not stay one heading") }
    var changes: [String: [JSONValue]] = [:]
    func edit(_ path: String, _ range: TextRange, _ text: String) {
      changes[uri(path), default: []].append(
        .object(["range": range.json, "newText": .string(text)]))
    }
    edit(target.path, text.range(of: title), newName)
    if newID != old.headings[index].id {
      for (document, link) in try links(to: target, request) {
        guard link.written != nil, link.range.start.line == link.range.end.line,
          let hash = link.link.destination.lastIndex(of: "#")
        else { continue }
        let fragment = link.link.destination[link.link.destination.index(after: hash)...]
        // Written with escapes: left for a person, as `check --fix` leaves it.
        guard !fragment.contains("%") else { continue }
        var start = link.range.end
        start.character -= fragment.utf16.count
        edit(document.path, TextRange(start: start, end: link.range.end), newID)
      }
    }
    return .object(["changes": .object(changes.mapValues { .array($0) })])
  }
}
