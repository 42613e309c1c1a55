import Island
import Links
import Outline

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
      return LinkTarget(path: facts.path, heading: facts.heading(named: fragment))
    case .file(let relative, let fragment, let fromRoot):
      let root = self.root(of: facts.path)
      let written = LinkPath.joined(fromRoot ? root : LinkPath.folder(of: facts.path), relative)
      guard let (file, kind) = LinkChecker(root: root).resolve(written, targets: targets),
        kind == .file
      else { return nil }
      let heading = fragment.flatMap { fragment in self.facts(file)?.heading(named: fragment) }
      return LinkTarget(path: file, heading: heading)
    }
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

  /// The location of `target`: its heading's line, else the document's top.
  func location(_ target: LinkTarget) -> JSONValue {
    let zero = TextPosition(line: 0, character: 0)
    let range =
      target.heading.flatMap { facts(target.path)?.headings[$0].headingRange }
      ?? TextRange(start: zero, end: zero)
    return .object(["uri": .string(uri(target.path)), "range": range.json])
  }

  func definition(_ params: JSONValue) throws(ResponseError) -> JSONValue {
    let facts = try requestedFacts(params)
    let position = try TextPosition(params["position"])
    guard let link = facts.link(at: position),
      let target = resolve(link, in: facts, targets: targets())
    else { return .null }
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
  /// that leads to `target`, with the document it is in.
  func links(to target: LinkTarget, _ request: Request) throws(ResponseError) -> [(
    DocumentFacts, LinkFact
  )] {
    guard waitForIndex(unless: { request.isCancelled }) else { throw .requestCancelled }
    let targets = self.targets()
    var found: [(DocumentFacts, LinkFact)] = []
    var all = allFacts()
    if !all.contains(where: { $0.path == target.path }), let own = facts(target.path) {
      all.append(own)
    }
    for facts in all {
      try request.checkCancelled()
      for link in facts.links where resolve(link, in: facts, targets: targets) == target {
        found.append((facts, link))
      }
    }
    return found
  }

  func references(_ params: JSONValue, _ request: Request) throws(ResponseError) -> JSONValue {
    let facts = try requestedFacts(params)
    guard let target = headingTarget(facts, at: try TextPosition(params["position"])) else {
      return .array([])
    }
    var locations: [JSONValue] = []
    if params["context"]?["includeDeclaration"]?.bool == true { locations.append(location(target)) }
    for (document, link) in try links(to: target, request) {
      locations.append(.object(["uri": .string(uri(document.path)), "range": link.range.json]))
    }
    return .array(locations)
  }

  func hover(_ params: JSONValue) throws(ResponseError) -> JSONValue {
    let facts = try requestedFacts(params)
    let position = try TextPosition(params["position"])
    guard let link = facts.link(at: position),
      let target = resolve(link, in: facts, targets: targets())
    else { return .null }
    let file = target.path.split(separator: "/").last.map(String.init) ?? target.path
    var text: String
    if let index = target.heading, let heading = self.facts(target.path)?.headings[index] {
      text = "**\(Self.escaped(heading.title))**"
      if let detail = heading.detail { text += " · \(detail)" }
      if target.path != facts.path { text += "\n\n\(Self.escaped(file))" }
    } else {
      text = "**\(Self.escaped(file))**"
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

  /// `text` with Markdown's marks escaped, so a title shows as written.
  static func escaped(_ text: String) -> String {
    var result = ""
    for character in text {
      if "\\`*_[]<>#|~".contains(character) { result.append("\\") }
      result.append(character)
    }
    return result
  }

  func documentLinks(_ params: JSONValue) throws(ResponseError) -> JSONValue {
    let facts = try requestedFacts(params)
    let targets = self.targets()
    var links: [JSONValue] = []
    for link in facts.links where link.written != nil {
      guard let target = resolve(link, in: facts, targets: targets) else { continue }
      var address = uri(target.path)
      if let index = target.heading, let heading = self.facts(target.path)?.headings[index] {
        // VS Code's and others' way of naming a line of a file.
        address += "#L\(heading.headingRange.start.line + 1)"
      }
      links.append(.object(["range": link.range.json, "target": .string(address)]))
    }
    return .array(links)
  }
}
