import Found
import Island
import JSON
import JSONRPC
import Links
import Outline
import Workspace

/// Links and the headings they lead to: definition, references, hover and
/// document links, resolved as `isle check` resolves them.
extension LanguageServer {
  /// Where `link`, written in `facts`' document, leads; nil for a link to
  /// elsewhere or to nothing.
  func resolve(_ link: LinkFact, in facts: DocumentFacts, targets: ServerTargets) -> LinkTarget? {
    switch link.target {
    case .elsewhere:
      return nil
    case .fragment(let fragment):
      let named = facts.target(named: fragment)
      return LinkTarget(path: facts.path, heading: named.heading, anchor: named.anchor)
    case .file(let relative, let fragment, let fromRoot):
      let root = self.root(of: facts.path)
      let written = path(relative, fromRoot: fromRoot, in: facts)
      guard let (file, kind) = LinkChecker(root: root).resolve(written, targets: targets),
        kind == .file
      else { return nil }
      let named = fragment.flatMap { fragment in self.facts(file)?.target(named: fragment) }
      return LinkTarget(path: file, heading: named?.heading, anchor: named?.anchor)
    }
  }

  /// A link to a file there is not (yet): where it would be, as an editor
  /// links it all the same (following it offers to make the file).
  func missing(_ link: LinkFact, in facts: DocumentFacts) -> LinkTarget? {
    guard case .file(let relative, _, let fromRoot) = link.target else { return nil }
    return LinkTarget(
      path: path(relative, fromRoot: fromRoot, in: facts), heading: nil, anchor: nil)
  }

  /// The path a link's file part names, from the document's folder, or
  /// from its root for a `/` link.
  private func path(_ relative: String, fromRoot: Bool, in facts: DocumentFacts) -> String {
    LinkPath.joined(fromRoot ? root(of: facts.path) : LinkPath.folder(of: facts.path), relative)
  }

  /// Where `/path` links from the document at `path` start: its
  /// repository's root, else the workspace folder holding it, else its
  /// own folder.
  func root(of path: String) -> String {
    if let root = host.repositoryRoot(of: path) { return root }
    let folders = state.withLock { $0.folders }
    return folders.filter { path.hasPrefix($0 == "/" ? "/" : $0 + "/") }.max { $0.count < $1.count }
      ?? LinkPath.folder(of: path)
  }

  /// Where `target` is: its heading's line, its anchor's start tag, else
  /// the document's top.
  func range(_ target: LinkTarget) -> TextRange {
    let zero = TextPosition(line: 0, character: 0)
    if let heading = target.heading, let headings = facts(target.path)?.headings,
      headings.indices.contains(heading)
    {
      return headings[heading].headingRange
    }
    if let anchor = target.anchor, let facts = facts(target.path), let text = text(target.path) {
      return facts.anchorRange(anchor, text: text)
    }
    return TextRange(start: zero, end: zero)
  }

  /// The location of `target`, as `range` finds it.
  func location(_ target: LinkTarget) -> Location {
    Location(uri: uri(target.path), range: range(target))
  }

  /// From a link's destination to where it leads; from a use of a
  /// definition (its label) or a definition's label to the definition
  /// (the label's first, the one cmark uses), in this document.
  func definition(_ params: PositionParams) throws(ResponseError) -> Location? {
    let facts = try loadFacts(params.path)
    if let text = text(facts.path),
      case (.label(_, let key), _)? = named(at: params.position, in: facts, text: text)
    {
      guard
        let defined = facts.links.first(where: {
          $0.role == .definition && $0.link.labelKey == key
        })
      else { return nil }
      return Location(uri: uri(facts.path), range: defined.span)
    }
    guard let link = facts.link(at: params.position),
      let target = resolve(link, in: facts, targets: targets())
    else { return nil }
    return location(target)
  }

  /// The heading a request's position is on: the heading line itself, or
  /// a link to a heading.
  func headingTarget(_ facts: DocumentFacts, at position: TextPosition) -> LinkTarget? {
    if let heading = facts.heading(at: position) {
      return LinkTarget(path: facts.path, heading: heading)
    }
    guard let link = facts.link(at: position),
      let target = resolve(link, in: facts, targets: targets()), target.heading != nil
    else { return nil }
    return target
  }

  /// Every link of the workspace (open documents as the editor has them)
  /// that leads to a heading or anchor of the document at `path`, with the
  /// document it is in and where it leads: inline links, definitions
  /// (`[x]: #heading`) and the uses of those (`[text][x]`).
  func links(into path: String, _ request: Request) throws(ResponseError) -> [(
    DocumentFacts, LinkFact, LinkTarget
  )] {
    guard waitForIndex(unless: { request.isCancelled }) else { throw .requestCancelled }
    let targets = self.targets()
    var found: [(DocumentFacts, LinkFact, LinkTarget)] = []
    var all = allFacts()
    if !all.contains(where: { $0.path == path }), let own = facts(path) {
      all.append(own)
    }
    for facts in all {
      try request.checkCancelled()
      func leads(_ link: LinkFact) -> LinkTarget? {
        guard let target = resolve(link, in: facts, targets: targets), target.path == path,
          target.heading != nil || target.anchor != nil
        else { return nil }
        return target
      }
      for link in facts.links {
        guard let target = leads(link) else { continue }
        found.append((facts, link, target))
      }
    }
    return found
  }

  func references(_ params: ReferenceParams, _ request: Request) throws(ResponseError)
    -> [Location]
  {
    let facts = try loadFacts(params.at.path)
    guard let text = text(facts.path),
      let (named, _) = named(at: params.at.position, in: facts, text: text)
    else { return [] }
    var locations: [Location] = []
    for found in try occurrences(of: named, from: facts.path, request)
    where params.includeDeclaration || !found.isDeclaration {
      // A link to a heading or an anchor is shown whole, the use of a
      // definition at its label; a path without its fragment.
      let range = named.isTarget ? found.link?.range ?? found.range : found.range
      locations.append(Location(uri: uri(found.path), range: range))
    }
    return locations
  }

  func hover(_ params: PositionParams) throws(ResponseError) -> JSONValue {
    let facts = try loadFacts(params.path)
    guard let link = facts.link(spanning: params.position),
      let target = resolve(link, in: facts, targets: targets())
    else { return .null }
    let file = target.path.split(separator: "/").last.map(String.init) ?? target.path
    var text: String
    let targetFacts = self.facts(target.path)
    // An anchor is shown in the section it stands in.
    let section =
      target.heading
      ?? target.anchor.flatMap { anchor in
        targetFacts.flatMap { facts in
          facts.headings.lastIndex { $0.offset <= facts.found.anchors[anchor].offset }
        }
      }
    if let index = section, let heading = targetFacts?.headings[index] {
      text = "**\(MarkdownEscape.inline(heading.title))**"
      if let detail = heading.detail { text += " · \(detail)" }
      if let anchor = target.anchor, let id = targetFacts?.found.anchors[anchor].id {
        text += "\n\nanchor `\(String(id.map { $0 == "`" ? "'" : $0 }))`"
      }
      if target.path != facts.path { text += "\n\n\(MarkdownEscape.lineStart(file))" }
    } else {
      text = "**\(MarkdownEscape.inline(file))**"
      if let document = self.facts(target.path)?.document,
        let time = Wording().time(minutes: document.minutes, anything: !document.reading.isEmpty)
      {
        text += " · \(time)"
      }
    }
    return .object([
      "contents": .object(["kind": .string("markdown"), "value": .string(text)]),
      "range": link.span.json,
    ])
  }

  func documentLinks(_ params: DocumentParams, _ request: Request) throws(ResponseError)
    -> [DocumentLink]
  {
    let facts = try loadFacts(params.path)
    let targets = self.targets()
    let bytes = text(params.path)?.bytes ?? []
    var links: [DocumentLink] = []
    // Each use of a definition at its label, the definition at its
    // destination.
    for (index, link) in facts.links.enumerated() where link.isPositioned {
      if index % 64 == 0 { try request.checkCancelled() }
      if let url = link.url(in: bytes) {
        links.append(DocumentLink(range: link.range, target: url))
        continue
      }
      guard let target = resolve(link, in: facts, targets: targets) ?? missing(link, in: facts)
      else { continue }
      var address = uri(target.path)
      if target.heading != nil || target.anchor != nil {
        // VS Code's and others' way of naming a line of a file.
        address += "#L\(range(target).start.line + 1)"
      }
      links.append(DocumentLink(range: link.range, target: address))
    }
    return links
  }
}
