import JSON

/// How much of an outline one `outline` answer carries: at most
/// `max_bytes` of JSON (64 KiB unless asked, 1 MiB at most), the first
/// `skip` sections left out, whole sections kept in document order (at
/// least one), with how many were left out and the `skip` that gets the
/// rest. A document without sections counts as one.
struct OutlineBudget {
  let limit: Int
  let skip: Int
  private(set) var note: String? = nil
  private(set) var used = 0
  private(set) var omitted = 0
  private(set) var next: Int? = nil
  /// True once a section (or a document without any) is kept: the first
  /// is kept whatever its size.
  private var keptAny = false
  /// The sections (a document without any counting as one) gone past so
  /// far, kept or skipped, across the documents and a book's chapters.
  private var seen = 0

  /// At most `page` bytes when given, whatever was asked.
  init(asked: Int?, skip: Int, page: Int? = nil) {
    let asked = asked ?? SectionBudget.standard
    limit = min(asked, SectionBudget.most, page ?? .max)
    if asked > SectionBudget.most {
      note = "max_bytes \(asked) is past the most, \(SectionBudget.most); 1 MiB is kept to"
    }
    self.skip = skip
  }

  /// The records of `toc --format json` kept, each with the sections that
  /// fit: a book's (it has `chapters`) with the chapters that do, each
  /// chapter's document counted as a document is, a chapter without one (a
  /// part, a draft) as a document without sections.
  mutating func keep(_ records: [JSONValue]) -> [JSONValue] {
    var kept: [JSONValue] = []
    for record in records {
      guard case .object(var book) = record, let chapters = book["chapters"]?.array else {
        kept += keepDocuments([record])
        continue
      }
      let fitting = keepWrapped(chapters, in: &book, key: "chapters") { budget, chapter in
        guard case .object(var members) = chapter, let document = members["document"] else {
          return budget.keepDocuments([chapter]).first
        }
        let kept = budget.keepWrapped([document], in: &members, key: "document") {
          $0.keepDocuments([$1]).first
        }
        return kept.map { _ in .object(members) }
      }
      if fitting != nil { kept.append(.object(book)) }
    }
    return kept
  }

  /// The `items` kept by `keepItem` inside `wrapper`'s member `key` (an
  /// array, or the one item when there is one), the wrapper's own bytes
  /// counted; nil, and nothing counted, when none is kept.
  private mutating func keepWrapped(
    _ items: [JSONValue], in wrapper: inout [String: JSONValue], key: String,
    keepItem: (inout OutlineBudget, JSONValue) -> JSONValue?
  ) -> [JSONValue]? {
    let single = wrapper[key]?.array == nil
    wrapper[key] = single ? .null : .array([])
    let before = used
    used += JSONValue.object(wrapper).text.utf8.count + 1
    var fitting: [JSONValue] = []
    for item in items {
      if let one = keepItem(&self, item) { fitting.append(one) }
    }
    guard !fitting.isEmpty else {
      used = before
      return nil
    }
    wrapper[key] = single ? fitting[0] : .array(fitting)
    return fitting
  }

  /// The documents kept, each with the sections that fit.
  private mutating func keepDocuments(_ documents: [JSONValue]) -> [JSONValue] {
    var kept: [JSONValue] = []
    for document in documents {
      guard case .object(var members) = document else { continue }
      let sections = members["sections"]?.array ?? []
      let items = max(sections.count, 1)
      defer { seen += items }
      if seen + items <= skip { continue }
      if next != nil {
        omitted += items
        continue
      }
      members["sections"] = .array([])
      var used = self.used + JSONValue.object(members).text.utf8.count + 1
      var fitting: [JSONValue] = []
      for (index, section) in sections.enumerated() where seen + index >= skip {
        let size = section.text.utf8.count + 1
        if used + size > limit && (keptAny || !fitting.isEmpty) {
          next = seen + index
          omitted += sections.count - index
          break
        }
        used += size
        fitting.append(section)
      }
      if sections.isEmpty && used > limit && keptAny {
        next = seen
        omitted += 1
        continue
      }
      guard !fitting.isEmpty || sections.isEmpty else { continue }
      members["sections"] = .array(fitting)
      self.used = used
      keptAny = true
      kept.append(.object(members))
    }
    return kept
  }

  func answer(_ documents: [JSONValue]) -> JSONValue {
    .object([
      "documents": .array(documents), "bytes": .int(used), "max_bytes": .int(limit),
      "truncated": .bool(next != nil), "omitted_sections": .int(omitted),
      "next_skip": next.map(JSONValue.int) ?? .null, "note": note.map(JSONValue.string) ?? .null,
    ])
  }
}
