import Cells
import Files
import JSON
import LanguageServer

#if canImport(Glibc)
  import Glibc
#endif

/// The tools that return text (`outline`, `section`, `check`, `find`),
/// each answer a page within `max_tokens` (and `max_bytes`), cut between
/// sections, blocks or records, with the `next_cursor` that gets the rest.
extension ToolBox {
  func outline(_ given: ToolArguments) throws(ToolError) -> JSONValue {
    try given.only([
      "path", "min_level", "max_level", "max_bytes", "skip", "slug", "max_tokens", "cursor",
    ])
    let path = try resolve(given.string("path"), argument: "path")
    let low = try given.integer("min_level", in: 1...6) ?? 1
    let high = try given.integer("max_level", in: 1...6) ?? 3
    guard low <= high else {
      throw ToolError("'min_level' (\(low)) is deeper than 'max_level' (\(high))")
    }
    let asked = try given.integer("max_bytes", in: 1...Int.max)
    let skip = try given.integer("skip", in: 0...Int.max) ?? 0
    var pages = try TokenPages(
      tool: "outline", given, paths: readFiles([path]), named: path, tokenizer: tokenizer)
    let records = try records(
      ["toc", "--format", "json", "--min-level", String(low), "--max-level", String(high)]
        + slug(given) + ["--", path])
    let most = min(asked ?? SectionBudget.standard, SectionBudget.most)
    let fixed = pages
    let page = try pages.fit(most: most, guess: fixed.limit * 4, slack: 16) { limit in
      var budget = OutlineBudget(asked: asked, skip: fixed.position ?? skip, page: limit)
      let kept = budget.keep(records)
      guard case .object(var members) = budget.answer(kept) else { return (.null, "") }
      members["max_bytes"] = .int(most)
      members.merge(fixed.fields(tokens: fixed.limit, next: budget.next)) { $1 }
      return (.object(members), JSONValue.object(members).text)
    }
    return Self.counted(page.content, tokens: page.tokens)
  }

  func section(_ given: ToolArguments) throws(ToolError) -> (JSONValue, String?) {
    try given.only([
      "path", "selectors", "subsections", "max_bytes", "offset", "slug", "max_tokens", "cursor",
    ])
    let path = try resolve(given.string("path"), argument: "path")
    let selectors = try given.strings("selectors")
    let subsections = try given.boolean("subsections") ?? true
    let asked = try given.integer("max_bytes", in: 1...Int.max)
    let offset = try given.integer("offset", in: 0...Int.max) ?? 0
    var pages = try TokenPages(
      tool: "section", given, paths: readFiles([path]), named: path, tokenizer: tokenizer)
    let records = try records(
      ["show", "--format", "json"] + (subsections ? [] : ["--no-subsections"]) + slug(given)
        + selectors.flatMap { $0.hasPrefix("-") ? [] : [$0] } + ["--", path],
      badSelector: selectors.first { $0.hasPrefix("-") })
    // The chapter's own bytes, for what its expanded text says of them.
    let expanded = ShownText.place(records).contains { $0.isExpanded }
    let own = !expanded ? nil : try? ConfinedFiles(SystemFiles(), roots: roots).bytes(
      .file(realPaths([path])[0]), limit: SectionBudget.most * 64)
    var whole = SectionBudget(asked: asked, from: pages.position ?? offset)
    if whole.keep(records, own: own).isEmpty && whole.next == nil,
      let end = ShownText.end(of: records), whole.from >= end
    {
      throw ToolError(
        "'offset' \(whole.from) is past the end of the sections, which end at byte \(end)")
    }
    let fixed = pages
    let page = try pages.fit(most: whole.limit, guess: fixed.limit * 4, slack: 16) { limit in
      var budget = SectionBudget(asked: asked, from: whole.from, page: limit)
      let kept = budget.keep(records, own: own)
      guard case .object(var members) = budget.answer(path: path, sections: kept) else {
        return (.null, "")
      }
      members["max_bytes"] = .int(whole.limit)
      members.merge(fixed.fields(tokens: fixed.limit, next: budget.next)) { $1 }
      let cursor = budget.next.map { fixed.cursor(at: $0) }
      return (.object(members), budget.summary(path: path, sections: kept, cursor: cursor))
    }
    return (Self.counted(page.content, tokens: page.tokens), page.text)
  }

  func check(_ given: ToolArguments) throws(ToolError) -> JSONValue {
    try given.only(["paths", "exclude", "max_bytes", "max_tokens", "cursor"])
    var paths: [String] = []
    for (index, path) in try given.strings("paths").enumerated() {
      paths.append(try resolve(path, argument: "paths[\(index)]"))
    }
    // As `isle check --exclude`, after the config file's `check.exclude`.
    let exclude = given.has("exclude") ? try given.strings("exclude", empty: true) : []
    let bytes = try given.integer("max_bytes", in: 1...Int.max)
    let pages = try TokenPages(
      tool: "check", given, paths: readFiles(paths), named: paths.joined(separator: ", "),
      tokenizer: tokenizer)
    let broken = try records(
      ["check", "--format", "json"] + exclude.flatMap { ["--exclude", $0] } + ["--"] + paths,
      brokenIsAnswer: true)
    return try Self.paged(broken, key: "broken", pages, bytes: bytes) {
      $0["count"] = .int(broken.count)
    }
  }

  func find(_ given: ToolArguments) throws(ToolError) -> JSONValue {
    try given.only(["query", "path", "limit", "max_bytes", "max_tokens", "cursor"])
    // Read once: each title is then ranked in time bounded by its own length.
    let query = TitleRank.Query(try given.string("query").lowercased())
    let path = try resolve(given.optionalString("path") ?? ".", argument: "path")
    let limit = min(try given.integer("limit", in: 1...Int.max) ?? 20, 200)
    let bytes = try given.integer("max_bytes", in: 1...Int.max)
    let pages = try TokenPages(
      tool: "find", given, paths: readFiles([path]), named: path, tokenizer: tokenizer)
    var found: [(rank: TitleRank, path: String, line: Int, match: JSONValue)] = []
    for document in try records(
      ["toc", "--format", "json", "--min-level", "1", "--max-level", "6", "--", path])
    {
      let file = document["path"]?.string ?? path
      for section in document["sections"]?.array ?? [] {
        let title = section["title"]?.string ?? ""
        guard let rank = TitleRank.of(query, in: title.lowercased()) else { continue }
        let line = section["line"]?.int ?? 0
        found.append(
          (
            rank, file, line,
            .object([
              "path": .string(file), "number": section["number"] ?? .null,
              "level": section["level"] ?? .null, "title": .string(title),
              "id": section["id"] ?? .null, "line": .int(line), "rank": .int(rank.tier),
            ])
          ))
      }
    }
    found.sort { ($0.rank, $0.path, $0.line) < ($1.rank, $1.path, $1.line) }
    return try Self.paged(
      Array(found.prefix(limit).map(\.match)), key: "matches", pages,
      bytes: bytes
    ) { $0["total"] = .int(found.count) }
  }

  /// A page of `items` from the cursor's position on, as many as fit,
  /// under member `key`, with what `complete` adds.
  static func paged(
    _ items: [JSONValue], key: String, _ pages: TokenPages, bytes: Int?,
    complete: (inout [String: JSONValue]) -> Void
  ) throws(ToolError) -> JSONValue {
    var pages = pages
    let fixed = pages
    let start = min(pages.position ?? 0, items.count)
    let bound = min(bytes ?? SectionBudget.standard, SectionBudget.most)
    let page = try pages.fit(
      most: items.count - start, guess: fixed.limit / 50, bytes: bound
    ) { size in
      let end = min(start + size, items.count)
      var members: [String: JSONValue] = [key: .array(Array(items[start..<end]))]
      complete(&members)
      members.merge(fixed.fields(tokens: fixed.limit, next: end < items.count ? end : nil)) { $1 }
      return (.object(members), JSONValue.object(members).text)
    }
    return counted(page.content, tokens: page.tokens)
  }

  /// A page with the tokens its text was counted at.
  static func counted(_ content: JSONValue, tokens: Int) -> JSONValue {
    guard case .object(var members) = content else { return content }
    members["tokens"] = .int(tokens)
    return .object(members)
  }

  /// The real paths of paths `resolve` gave.
  func realPaths(_ paths: [String]) -> [String] {
    paths.map { $0 == "." ? start : $0.hasPrefix("/") ? $0 : start + "/" + $0 }
  }

  /// The files a cursor's fingerprint is of: each path given, and for a
  /// folder the documents under it too (a document changed, come or gone
  /// makes the cursor stale).
  func readFiles(_ paths: [String]) -> [String] {
    realPaths(paths).flatMap { path in
      var status = stat()
      guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { return [path] }
      return [path] + Self.documents(under: [path])
    }
  }
}
