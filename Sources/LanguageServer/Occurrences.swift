import JSONRPC
import Links
import Outline
import Workspace

/// What a name written in a document stands for, that other spots name
/// too: what highlights, references and rename look for.
enum Named: Sendable, Equatable {
  /// A heading or an HTML anchor, which links name by their fragment.
  case target(LinkTarget)
  /// A reference label, within the document at `path` (a definition
  /// serves only its own document): `key` as `LabelKey` makes it.
  case label(path: String, key: String)
  /// A file or folder, there or not, by its absolute path: what a link's
  /// path names, joined as `isle check` joins it.
  case file(String)
  /// A URL (a destination with a scheme), as written.
  case url(String)

  /// True for a heading or an anchor.
  var isTarget: Bool {
    if case .target = self { return true }
    return false
  }
}

/// One spot a name is written at.
struct Occurrence: Sendable {
  var path: String
  /// The name's bytes as written: a heading's title, an anchor's id, a
  /// label, a link's path (up to its fragment), its fragment (after the
  /// `#`), a URL; nil for a use of a definition that leads to a heading
  /// (its label names the definition, not the heading) or a title an HTML
  /// heading has no bytes for.
  var name: Range<Int>?
  /// Where it is shown: the name's range; a heading's whole line; a use's
  /// label.
  var range: TextRange
  /// True where the name is declared: the heading, the anchor's id, the
  /// definition of a label.
  var isDeclaration: Bool
  /// The link it is written in; nil for a heading or an anchor.
  var link: LinkFact?
}

/// Finding what a position names, and every spot that names it: in one
/// document (highlights) and in the workspace (references, rename), each
/// link resolved as `isle check` resolves it.
extension LanguageServer {
  /// What is named at `position` of `facts`' document (`text`), with the
  /// occurrence it is written in there; nil on anything else (a link's
  /// text, plain text, a fragment that names nothing).
  func named(at position: TextPosition, in facts: DocumentFacts, text: TextLines)
    -> (Named, Occurrence)?
  {
    if let heading = facts.heading(at: position) {
      let target = LinkTarget(path: facts.path, heading: heading)
      return declarations(of: target).first.map { (Named.target(target), $0) }
    }
    for link in facts.links where link.role == .definition {
      guard let label = link.link.labelRange, let key = link.link.labelKey,
        text.range(of: label).contains(position)
      else { continue }
      return (
        .label(path: facts.path, key: key),
        Occurrence(
          path: facts.path, name: label, range: text.range(of: label), isDeclaration: true,
          link: link)
      )
    }
    if let link = facts.link(at: position) {
      return named(by: link, at: text.offset(of: position), in: facts, text: text)
    }
    let anchors = facts.found.anchors.indices
    guard
      let anchor = anchors.first(where: { facts.anchorRange($0, text: text).contains(position) })
    else { return nil }
    let target = LinkTarget(path: facts.path, heading: nil, anchor: anchor)
    return declarations(of: target).first.map { (Named.target(target), $0) }
  }

  /// What `link` names at byte `offset` of its destination or label: its
  /// label, its path, the target its fragment names, its URL.
  private func named(by link: LinkFact, at offset: Int, in facts: DocumentFacts, text: TextLines)
    -> (Named, Occurrence)?
  {
    if link.role == .reference {
      guard let key = link.link.labelKey else { return nil }
      let named = Named.label(path: facts.path, key: key)
      return occurrence(of: named, link, in: facts, text: text, targets: targets()).map {
        (named, $0)
      }
    }
    guard let written = link.written else { return nil }
    let hash = text.bytes[written].firstIndex(of: 0x23)
    let named: Named
    switch link.target {
    case .elsewhere:
      guard !link.link.destination.isEmpty else { return nil }
      named = .url(link.link.destination)
    case .fragment:
      guard let target = resolve(link, in: facts, targets: targets()) else { return nil }
      named = .target(target)
    case .file:
      if let hash, offset > hash {
        guard let target = resolve(link, in: facts, targets: targets()),
          target.heading != nil || target.anchor != nil
        else { return nil }
        named = .target(target)
      } else {
        guard let path = missing(link, in: facts)?.path else { return nil }
        named = .file(path)
      }
    }
    return occurrence(of: named, link, in: facts, text: text, targets: targets()).map {
      (named, $0)
    }
  }

  /// The occurrence of `named` in `link` of `facts`' document (`text`);
  /// nil when the link names something else.
  func occurrence(
    of named: Named, _ link: LinkFact, in facts: DocumentFacts, text: TextLines,
    targets: ServerTargets
  ) -> Occurrence? {
    func found(_ name: Range<Int>?, declares: Bool = false) -> Occurrence {
      Occurrence(
        path: facts.path, name: name, range: name.map { text.range(of: $0) } ?? link.range,
        isDeclaration: declares, link: link)
    }
    switch named {
    case .label(let path, let key):
      guard path == facts.path, link.role != .inline, link.link.labelKey == key,
        let label = link.link.labelRange
      else { return nil }
      return found(label, declares: link.role == .definition)
    case .target(let target):
      guard target.heading != nil || target.anchor != nil,
        resolve(link, in: facts, targets: targets) == target
      else { return nil }
      return found(link.fragment(in: text.bytes))
    case .file(let path):
      guard link.role != .reference, case .file = link.target, let written = link.written,
        missing(link, in: facts)?.path == path
      else { return nil }
      // The path ends at its query or its fragment, which stay.
      let end = text.bytes[written].firstIndex { $0 == 0x23 || $0 == 0x3F } ?? written.upperBound
      return found(written.lowerBound..<end)
    case .url(let url):
      guard link.role != .reference, case .elsewhere = link.target,
        link.link.destination == url, let written = link.written
      else { return nil }
      return found(written)
    }
  }

  /// Where `target` itself is written: a heading (its line shown, its
  /// title named), an anchor's id in its start tag.
  func declarations(of target: LinkTarget) -> [Occurrence] {
    guard let facts = facts(target.path), let text = text(target.path) else { return [] }
    if let heading = target.heading {
      let line = facts.headings[heading].headingRange
      let title = facts.format == .markdown ? Self.titleBytes(text, line: line.start.line) : nil
      return [Occurrence(path: target.path, name: title, range: line, isDeclaration: true)]
    }
    guard let anchor = target.anchor, !facts.found.anchors[anchor].id.isEmpty else { return [] }
    let tag = text.offsets(of: facts.anchorRange(anchor, text: text))
    let id = Array(facts.found.anchors[anchor].id.utf8)
    // The id's value, where `=` or a quote mark comes before it.
    let bytes = text.bytes
    let start = tag.lowerBound..<max(tag.lowerBound, tag.upperBound - id.count + 1)
    let at = start.first { index in
      index > 0 && [0x22, 0x27, 0x3D].contains(bytes[index - 1])
        && bytes[index..<(index + id.count)].elementsEqual(id)
    }
    let name = at.map { $0..<($0 + id.count) }
    return [
      Occurrence(
        path: target.path, name: name, range: name.map(text.range) ?? text.range(of: tag),
        isDeclaration: true)
    ]
  }

  /// Every occurrence of `named` in `facts`' document: its declaration
  /// when it is there, then its links in document order.
  func occurrences(of named: Named, in facts: DocumentFacts, text: TextLines) -> [Occurrence] {
    let targets = self.targets()
    var found: [Occurrence] = []
    if case .target(let target) = named, target.path == facts.path {
      found = declarations(of: target)
    }
    for link in facts.links {
      if let occurrence = occurrence(of: named, link, in: facts, text: text, targets: targets) {
        found.append(occurrence)
      }
    }
    return found
  }

  /// Every occurrence of `named` in the workspace (open documents as the
  /// editor has them, and the document at `path` the request came from):
  /// a label's in its own document only; else the declaration first,
  /// then each document's links.
  func occurrences(of named: Named, from path: String, _ request: Request)
    throws(ResponseError) -> [Occurrence]
  {
    if case .label(let own, _) = named {
      guard let facts = facts(own), let text = text(own) else { return [] }
      return occurrences(of: named, in: facts, text: text)
    }
    guard waitForIndex(unless: { request.isCancelled }) else { throw .requestCancelled }
    let targets = self.targets()
    var found: [Occurrence] = []
    var all = allFacts()
    var paths = [path]
    if case .target(let target) = named {
      found = declarations(of: target)
      paths.append(target.path)
    }
    for path in paths where !all.contains(where: { $0.path == path }) {
      if let own = facts(path) { all.append(own) }
    }
    // A document under two of the workspace's folders is read once.
    var seen = Set<String>()
    for facts in all where seen.insert(facts.path).inserted {
      try request.checkCancelled()
      // The text is read only for a document that names it.
      var text: TextLines? = nil
      for link in facts.links where mayName(named, link) {
        if text == nil { text = self.text(facts.path) }
        guard let text,
          let occurrence = occurrence(of: named, link, in: facts, text: text, targets: targets)
        else { continue }
        found.append(occurrence)
      }
    }
    return found
  }

  /// False for a link that cannot name `named`, told without its text.
  private func mayName(_ named: Named, _ link: LinkFact) -> Bool {
    switch (named, link.target) {
    case (.target, .elsewhere), (.file, .elsewhere), (.file, .fragment), (.url, .file),
      (.url, .fragment):
      return false
    case (.url(let url), .elsewhere):
      return link.link.destination == url
    default:
      return true
    }
  }
}
