import Island
import JSON
import JSONRPC
import Links
import Workspace

/// Diagnostics: the broken links `isle check` finds, and a contents list
/// that `isle toc --write` would change; and their code actions.
extension LanguageServer {
  /// The broken links of a document, each with its link's facts; cut
  /// short (and to be thrown away) once `stop` says so.
  func brokenLinks(_ facts: DocumentFacts, until stop: () -> Bool = { false }) -> [(
    BrokenLink, LinkFact?
  )] {
    var checker = LinkChecker(root: root(of: facts.path))
    // As VS Code does, a definition nobody uses has its file checked too.
    checker.checksUnusedFiles = true
    // By offset; two links may share one (a bare URL the autolink
    // extension finds is not always put where it is).
    var byOffset: [Int: [LinkFact]] = [:]
    for link in facts.links {
      byOffset[link.link.offset, default: []].append(link)
    }
    return checker.check(facts.document, links: facts.found, targets: targets(), until: stop).map {
      broken in
      (broken, byOffset[broken.link.offset]?.first { $0.link == broken.link })
    }
  }

  /// The edit that brings the document's contents list up to date: the
  /// bytes that differ between the text and what `toc --write` would
  /// write; nil when the list is current (or there is none).
  func tocEdit(_ path: String, text: TextLines) -> (range: Range<Int>, text: String)? {
    guard let updated = host.updatedToc(of: text.bytes, path: path) else { return nil }
    return Self.difference(text.bytes, updated)
  }

  /// Where a broken link is shown: its destination as written; for a
  /// reference-style link (whose destination is its definition's) and a
  /// destination not found as written, its first character, where `isle
  /// check` locates it.
  static func diagnosticRange(_ broken: BrokenLink, _ link: LinkFact?, text: TextLines) -> TextRange
  {
    if let link, link.isPositioned, link.role != .reference { return link.range }
    let offset = broken.link.offset
    return text.range(of: offset..<min(offset + 1, text.bytes.count))
  }

  /// True once the open document at `path` is no longer at `version`
  /// (changed or closed): its diagnostics are stale.
  func isStale(_ path: String, _ version: Int) -> Bool {
    state.withLock { $0.open[path]?.version != version }
  }

  /// The diagnostics of an open document's version, as JSON; nil when the
  /// document changed while they were found.
  func diagnostics(_ document: OpenDocument) -> [Diagnostic]? {
    let path = document.path
    guard !isStale(path, document.version), let facts = facts(of: document) else { return nil }
    let text = document.text
    let broken = brokenLinks(facts) { self.isStale(path, document.version) }
    guard !isStale(path, document.version) else { return nil }
    let settings = self.settings
    var found: [Diagnostic] = broken.compactMap { broken, link in
      guard let severity = settings.level(of: broken).severity else { return nil }
      var data: [String: JSONValue] = [:]
      if let suggestion = broken.suggestion { data["suggestion"] = .string(suggestion) }
      return Diagnostic(
        range: Self.diagnosticRange(broken, link, text: text), severity: severity,
        code: broken.reason.rawValue, message: BrokenLinkReport.problem(broken),
        data: .object(data))
    }
    if let labels = labels(facts, text: text) {
      found += labelDiagnostics(labels, text: text, settings: settings)
    }
    // Only a document with contents markers can have a stale list.
    if !facts.document.markers.isEmpty, let edit = tocEdit(path, text: text) {
      found.append(
        Diagnostic(
          range: staleRange(edit.range, text: text), severity: 3, code: "stale-contents",
          message: "the contents list is out of date (isle toc --write)"))
    }
    return found
  }

  /// The lines a contents edit touches.
  func staleRange(_ range: Range<Int>, text: TextLines) -> TextRange {
    let start = text.position(of: range.lowerBound).line
    let end = text.position(of: range.upperBound).line
    return TextRange(
      start: TextPosition(line: start, character: 0),
      end: text.position(of: text.end(ofLine: end)))
  }

  /// Publishes the diagnostics of the open document at `path`, unless
  /// it changed (or closed) while they were found: its new version is due
  /// then.
  func publishDiagnostics(_ path: String) {
    guard let document = state.withLock({ $0.open[path] }),
      let found = diagnostics(document)
    else { return }
    publishing.withLock { _ in
      let current = state.withLock { state -> Bool in
        guard state.open[path]?.version == document.version else { return false }
        if found.isEmpty { state.published.remove(path) } else { state.published.insert(path) }
        return true
      }
      guard current else { return }
      notify(
        "textDocument/publishDiagnostics",
        PublishedDiagnostics(uri: document.uri, version: document.version, diagnostics: found))
    }
  }

  func codeActions(_ params: CodeActionParams, _ request: Request) throws(ResponseError)
    -> JSONValue
  {
    let (path, asked) = (params.path, params.range)
    guard let facts = facts(path), let text = text(path) else { return .array([]) }
    try request.checkCancelled()
    let broken = brokenLinks(facts) { request.isCancelled }
    try request.checkCancelled()
    func overlaps(_ range: TextRange) -> Bool {
      range.start <= asked.end && asked.start <= range.end
    }
    func action(_ title: String, _ range: TextRange, _ newText: String, preferred: Bool)
      -> JSONValue
    {
      codeAction(
        title, kind: "quickfix", edit: workspaceEdit(path, [(range, newText)]),
        preferred: preferred)
    }
    let settings = self.settings
    var actions: [JSONValue] = []
    for (broken, link) in broken where broken.isFixable && settings.level(of: broken) != .ignore {
      // Offered on the link, and for a reference-style link also on its
      // use, where the diagnostic stands.
      guard let link, let bytes = link.written,
        overlaps(link.span) || overlaps(Self.diagnosticRange(broken, link, text: text)),
        let suggestion = broken.suggestion,
        let hash = text.bytes[bytes].lastIndex(of: 0x23)
      else { continue }
      let fragment = text.range(of: (hash + 1)..<bytes.upperBound)
      actions.append(action("Change to #\(suggestion)", fragment, suggestion, preferred: true))
    }
    if !facts.document.markers.isEmpty, let edit = tocEdit(path, text: text),
      overlaps(staleRange(edit.range, text: text))
    {
      actions.append(
        action("Update contents", text.range(of: edit.range), edit.text, preferred: false))
    }
    if let labels = labels(facts, text: text) {
      actions += labelFixes(labels, text: text, path: path, asked: asked)
      actions += extractActions(facts, labels: labels, text: text, path: path, asked: asked)
      actions += organizeActions(labels, text: text, path: path)
    }
    return .array(actions.filter { params.asks(for: $0["kind"]?.string ?? "") })
  }
}
