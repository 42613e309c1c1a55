import Cells
import JSON
import JSONRPC
import Workspace

/// The outline: symbols (a tree, every heading level, the reading time as
/// detail), folding ranges, selection ranges, the workspace's symbols and
/// the code lenses.
extension LanguageServer {
  /// `SymbolKind.String`, as the Markdown servers mark headings.
  static let headingKind = 15

  /// `SymbolKind.Constant`, as VS Code marks a link definition.
  static let definitionKind = 14

  /// One of a document's symbols: a heading, or a reference definition.
  private enum Symbol {
    case heading(Int)
    case definition(Int)
  }

  /// The symbols, written straight into JSON text: a document may have
  /// thousands of headings, and an editor asks again after each edit.
  /// When the settings ask (`includeLinkDefinitions`), its reference
  /// definitions are among them (`[label]`), as VS Code's server lists
  /// them: each under the heading before it, those after the last heading
  /// (the document's own list) at the top.
  func documentSymbols(_ params: DocumentParams) throws(ResponseError) -> JSONValue {
    let facts = try outline(params.path)
    let headings = facts.headings
    let definitions = settings.definitionSymbols ? facts.definitions : []
    // Each definition's heading: the last one before it, but the last.
    var parents = [Int?](repeating: nil, count: definitions.count)
    var next = 0
    for (index, definition) in definitions.enumerated() {
      while next < headings.count && headings[next].headingRange.start <= definition.range.start {
        next += 1
      }
      parents[index] = next == 0 || next == headings.count ? nil : next - 1
    }
    var json = JSONWriter(capacity: (headings.count + definitions.count) * 256)
    json.openArray()
    guard state.withLock({ $0.hierarchicalSymbols }) else {
      writeInformation(facts, definitions: definitions, parents: parents, &json)
      json.closeArray()
      return .written(json.text)
    }
    var children = [[Symbol]](repeating: [], count: headings.count)
    var roots: [Symbol] = []
    var definition = 0
    func nest(_ symbol: Symbol, under parent: Int?) {
      if let parent { children[parent].append(symbol) } else { roots.append(symbol) }
    }
    // In document order, so each list is.
    for (index, heading) in headings.enumerated() {
      while definition < definitions.count
        && definitions[definition].range.start < heading.headingRange.start
      {
        nest(.definition(definition), under: parents[definition])
        definition += 1
      }
      nest(.heading(index), under: heading.parent)
    }
    for rest in definition..<definitions.count { nest(.definition(rest), under: parents[rest]) }
    // `DocumentSymbol`s, keys in order as `JSONValue` writes them.
    func write(_ symbol: Symbol, _ json: inout JSONWriter) {
      json.element()
      json.open()
      json.key("children")
      json.openArray()
      switch symbol {
      case .heading(let index):
        let heading = headings[index]
        for child in children[index] { write(child, &json) }
        json.closeArray()
        if let detail = heading.detail { json.add("detail", detail) }
        json.add("kind", Self.headingKind)
        json.add("name", Self.name(heading))
        json.add("range", heading.sectionRange)
        json.add("selectionRange", heading.headingRange)
      case .definition(let index):
        json.closeArray()
        json.add("kind", Self.definitionKind)
        json.add("name", "[\(definitions[index].label)]")
        json.add("range", definitions[index].range)
        json.add("selectionRange", definitions[index].labelRange)
      }
      json.close()
    }
    for root in roots { write(root, &json) }
    json.closeArray()
    return .written(json.text)
  }

  /// The symbols as `SymbolInformation`, each with its parent's name, keys
  /// sorted as `JSONValue` writes them: the headings, then the
  /// definitions (`parents` names each one's heading).
  private func writeInformation(
    _ facts: OutlineFacts, definitions: [DefinitionFact], parents: [Int?],
    _ json: inout JSONWriter
  ) {
    let uri = self.uri(facts.path)
    let headings = facts.headings
    func write(_ name: String, kind: Int, range: TextRange, container: Int?) {
      json.element()
      json.open()
      if let container { json.add("containerName", Self.name(headings[container])) }
      json.add("kind", kind)
      json.key("location")
      json.open()
      json.add("range", range)
      json.add("uri", uri)
      json.close()
      json.add("name", name)
      json.close()
    }
    for heading in headings {
      write(
        Self.name(heading), kind: Self.headingKind, range: heading.headingRange,
        container: heading.parent)
    }
    for (index, definition) in definitions.enumerated() {
      write(
        "[\(definition.label)]", kind: Self.definitionKind, range: definition.range,
        container: parents[index])
    }
  }

  /// A symbol's name: its title; a heading with no text is named by its
  /// marks, as the protocol wants a name.
  static func name(_ heading: HeadingFact) -> String {
    heading.title.isEmpty ? String(repeating: "#", count: heading.level) : heading.title
  }

  static func symbolInformation(_ heading: HeadingFact, uri: String) -> JSONValue {
    .object([
      "name": .string(name(heading)), "kind": .int(headingKind),
      "location": .object(["uri": .string(uri), "range": heading.headingRange.json]),
    ])
  }

  func foldingRanges(_ params: DocumentParams) throws(ResponseError) -> [FoldingRegion] {
    let facts = try loadFacts(params.path)
    var ranges: [FoldingRegion] = []
    for heading in facts.headings {
      let end = heading.sectionRange.end
      // A section folds up to its last line, not the next heading's.
      let last = end.character == 0 ? end.line - 1 : end.line
      guard last > heading.headingRange.start.line else { continue }
      ranges.append(FoldingRegion(startLine: heading.headingRange.start.line, endLine: last))
    }
    // Fenced code and lists, as cmark found them (lines are 1-based there).
    let text = facts.found.blocks.isEmpty ? nil : self.text(facts.path)
    for block in facts.found.blocks {
      var last = block.endLine - 1
      // A block's last line as cmark gives it may be the blank line after.
      if let text, text.start(ofLine: last) == text.end(ofLine: last) { last -= 1 }
      guard last > block.line - 1 else { continue }
      ranges.append(FoldingRegion(startLine: block.line - 1, endLine: last))
    }
    return ranges
  }

  func selectionRanges(_ params: SelectionRangeParams) throws(ResponseError) -> JSONValue {
    let facts = try outline(params.path)
    var result: [JSONValue] = []
    for position in params.positions {
      // The innermost section holding the position, then its parents.
      var chain: [TextRange] = []
      var current = facts.headings.lastIndex {
        $0.sectionRange.contains(position) && $0.headingRange.start <= position
      }
      if let index = current, facts.headings[index].headingRange.contains(position) {
        chain.append(facts.headings[index].headingRange)
      }
      while let index = current {
        chain.append(facts.headings[index].sectionRange)
        current = facts.headings[index].parent
      }
      if chain.isEmpty { chain.append(TextRange(start: position, end: position)) }
      var selection: JSONValue? = nil
      for range in chain.reversed() {
        var members: [String: JSONValue] = ["range": range.json]
        if let selection { members["parent"] = selection }
        selection = .object(members)
      }
      result.append(selection!)
    }
    return .array(result)
  }

  /// The headings of every document whose titles match the query, best
  /// first (`rank`); ties in book order (the chapters of a book the
  /// workspace folder is, as its table of contents has them), then in
  /// path order, then by line. Before the index knows every document's
  /// headings the request waits for it (cancellable): the first answer is
  /// complete, never the documents indexed so far.
  func workspaceSymbols(_ params: WorkspaceSymbolParams, _ request: Request)
    throws(ResponseError) -> JSONValue
  {
    guard index.waitForSymbols(unless: { request.isCancelled }) else {
      throw .requestCancelled
    }
    let query = params.query
    // An ASCII query's letters, as bytes: a title without them in order
    // cannot match, and is passed over without its characters being read.
    let letters = query.utf8.allSatisfy { $0 < 0x80 } ? Array(query.utf8.filter { $0 != 0x20 }) : []
    let documents = workspaceHeadings()
    // Ties by path, as numbers: the paths are compared once.
    let byPath = documents.indices.sorted { documents[$0].path < documents[$1].path }
    var pathOrder = [Int](repeating: 0, count: documents.count)
    for (ordinal, index) in byPath.enumerated() { pathOrder[index] = ordinal }
    var ranked: [(rank: TitleRank, book: Int, path: Int, line: Int, heading: Int)] = []
    for (number, document) in documents.enumerated() {
      try request.checkCancelled()
      let book = index.bookOrder(of: document.path) ?? Int.max
      for (ordinal, heading) in document.headings.enumerated() {
        guard Self.holds(heading.folded, letters),
          let rank = TitleRank.of(query, in: heading.folded)
        else { continue }
        ranked.append((rank, book, pathOrder[number], heading.range.start.line, ordinal))
      }
    }
    ranked.sort { ($0.rank, $0.book, $0.path, $0.line) < ($1.rank, $1.book, $1.path, $1.line) }
    return workspaceSymbolsJSON(ranked.map { (documents[byPath[$0.path]], $0.heading) })
  }

  /// `SymbolInformation`s, each named for its document's file, written
  /// straight into JSON text (keys sorted as `JSONValue` writes them): a
  /// short query may match most of 200,000 headings.
  private func workspaceSymbolsJSON(
    _ symbols: [(document: (path: String, headings: [IndexedHeading]), heading: Int)]
  ) -> JSONValue {
    var json = JSONWriter(capacity: symbols.count * 200)
    var uris: [String: (uri: String, file: String)] = [:]
    json.openArray()
    for (document, ordinal) in symbols {
      let heading = document.headings[ordinal]
      let names: (uri: String, file: String)
      if let known = uris[document.path] {
        names = known
      } else {
        let file = document.path.split(separator: "/").last.map(String.init) ?? document.path
        names = (uri(document.path), file)
        uris[document.path] = names
      }
      json.element()
      json.open()
      json.add("containerName", names.file)
      json.add("kind", Self.headingKind)
      json.key("location")
      json.open()
      json.add("range", heading.range)
      json.add("uri", names.uri)
      json.close()
      json.add(
        "name", heading.title.isEmpty ? String(repeating: "#", count: heading.level) : heading.title
      )
      json.close()
    }
    json.closeArray()
    return .written(json.text)
  }

  /// The headings of every document the server knows: the workspace's as
  /// indexed, with the open ones as the editor has them (and open ones
  /// outside it).
  private func workspaceHeadings() -> [(path: String, headings: [IndexedHeading])] {
    let openPaths = openPaths()
    let openSet = Set(openPaths)
    var found = index.headings.filter { !openSet.contains($0.path) }
    for path in openPaths {
      guard let outline = outlineFacts(path) else { continue }
      found.append((path, outline.headings.map(IndexedHeading.init)))
    }
    return found
  }

  /// True when `letters` (bytes) come in `title`'s UTF-8 in order: every
  /// match of an ASCII query does (no letters: anything may match).
  static func holds(_ title: String, _ letters: [UInt8]) -> Bool {
    TitleRank.holds(title, letters)
  }

  /// How well `title` matches `query` (both lowercased): `TitleRank`,
  /// the one ranking `pick`'s filter and MCP's `find` share.
  public static func rank(_ query: String, _ title: String) -> TitleRank? {
    TitleRank.of(query, in: title)
  }

  func codeLenses(_ params: DocumentParams) throws(ResponseError) -> JSONValue {
    guard state.withLock({ $0.codeLens }) else { return .array([]) }
    let facts = try outline(params.path)
    return .array(
      facts.headings.compactMap { heading in
        guard let detail = heading.detail else { return nil }
        return .object([
          "range": heading.headingRange.json,
          "command": .object(["title": .string(detail), "command": .string("")]),
        ])
      })
  }
}
