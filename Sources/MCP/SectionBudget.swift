import JSON

/// How much section text one `section` answer carries: at most
/// `max_bytes` (64 KiB unless asked, 1 MiB at most), from the document
/// byte `offset` on, cut at a block boundary (a blank line; else a line
/// end; else a character), with what was left out and the offset that
/// gets the rest.
struct SectionBudget {
  static let standard = 64 * 1024
  static let most = 1024 * 1024

  let limit: Int
  /// What to say of a bound past the most.
  let note: String?
  let from: Int
  private(set) var used = 0
  private(set) var omitted = 0
  private(set) var next: Int? = nil

  init(asked: Int?, from: Int) {
    let asked = asked ?? Self.standard
    limit = min(asked, Self.most)
    note =
      asked > Self.most
      ? "max_bytes \(asked) is past the most, \(Self.most); 1 MiB is kept to" : nil
    self.from = from
  }

  /// The records of `show --format json` kept: those ending after
  /// `from`, the first trimmed to start there, the text cut once the
  /// bound is met.
  mutating func keep(_ records: [JSONValue]) -> [JSONValue] {
    var kept: [JSONValue] = []
    for record in records {
      guard case .object(var members) = record, let text = members["text"]?.string,
        let range = members["bytes"]?.array, range.count == 2, let start = range[0].int,
        let end = range[1].int, end > from
      else { continue }
      var bytes = Array(text.utf8)
      var first = start
      if from > start {
        bytes.removeFirst(min(from - start, bytes.count))
        first = from
      }
      if next != nil {
        omitted += bytes.count
        continue
      }
      let room = limit - used
      if bytes.count > room {
        let cut = Self.boundary(in: bytes, within: room)
        omitted += bytes.count - cut
        next = first + cut
        bytes.removeLast(bytes.count - cut)
        if cut == 0 { continue }
      }
      used += bytes.count
      members["text"] = .string(String(decoding: bytes, as: UTF8.self))
      members["bytes"] = .array([.int(first), .int(first + bytes.count)])
      kept.append(.object(members))
    }
    return kept
  }

  /// Where to cut `bytes` to keep at most `room` of them: after the last
  /// blank line within, else the last line end, else a character start.
  static func boundary(in bytes: [UInt8], within room: Int) -> Int {
    guard room > 0 else { return 0 }
    var lineEnd: Int? = nil
    var index = min(room, bytes.count) - 1
    while index > 0 {
      if bytes[index] == 0x0A {
        if bytes[index - 1] == 0x0A { return index + 1 }
        lineEnd = lineEnd ?? index + 1
      }
      index -= 1
    }
    if let lineEnd { return lineEnd }
    var cut = min(room, bytes.count)
    while cut > 0 && cut < bytes.count && bytes[cut] & 0xC0 == 0x80 { cut -= 1 }
    return cut
  }

  func answer(path: String, sections: [JSONValue]) -> JSONValue {
    .object([
      "path": .string(path), "sections": .array(sections), "bytes": .int(used),
      "max_bytes": .int(limit), "truncated": .bool(next != nil), "omitted_bytes": .int(omitted),
      "next_offset": next.map(JSONValue.int) ?? .null, "note": note.map(JSONValue.string) ?? .null,
    ])
  }

  /// The text form: the sections' text, then what was left out.
  func summary(path: String, sections: [JSONValue]) -> String {
    var text = sections.compactMap { $0["text"]?.string }.joined(separator: "\n")
    if let note { text += "\n[\(note)]" }
    if let next {
      text +=
        "\n[\(omitted) bytes of \(path) left out past max_bytes \(limit); "
        + "call section again with \"offset\": \(next) for the rest]"
    }
    return text
  }
}
