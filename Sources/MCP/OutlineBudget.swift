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

  init(asked: Int?, skip: Int) {
    let asked = asked ?? SectionBudget.standard
    limit = min(asked, SectionBudget.most)
    if asked > SectionBudget.most {
      note = "max_bytes \(asked) is past the most, \(SectionBudget.most); 1 MiB is kept to"
    }
    self.skip = skip
  }

  /// The documents of `toc --format json` kept, each with the sections
  /// that fit.
  mutating func keep(_ documents: [JSONValue]) -> [JSONValue] {
    var kept: [JSONValue] = []
    var seen = 0
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
        if used + size > limit && (self.used > 0 || !fitting.isEmpty) {
          next = seen + index
          omitted += sections.count - index
          break
        }
        used += size
        fitting.append(section)
      }
      if sections.isEmpty && used > limit && self.used > 0 {
        next = seen
        omitted += 1
        continue
      }
      guard !fitting.isEmpty || sections.isEmpty else { continue }
      members["sections"] = .array(fitting)
      self.used = used
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
