import JSON

/// How much section text one `section` answer carries: at most
/// `max_bytes` (64 KiB unless asked, 1 MiB at most), from the document
/// byte `offset` on, cut at a block boundary (`BlockBoundaries`: never
/// inside a fenced code block, a list item or a table), with what was
/// left out and the offset that gets the rest.
struct SectionBudget {
  static let standard = 64 * 1024
  static let most = 1024 * 1024

  let limit: Int
  /// The bound without the page's: the `max_bytes` a section's pieces
  /// (`part` of `parts`) are counted at, the same on every page.
  let bound: Int
  /// What to say of a bound past the most, and of a cut inside a block.
  private(set) var notes: [String] = []
  var note: String? { notes.isEmpty ? nil : notes.joined(separator: "; ") }
  let from: Int
  private(set) var used = 0
  private(set) var omitted = 0
  private(set) var next: Int? = nil

  /// At most `page` bytes when given (a page's bound in tokens, met in
  /// bytes), whatever was asked.
  init(asked: Int?, from: Int, page: Int? = nil) {
    let asked = asked ?? Self.standard
    bound = min(asked, Self.most)
    limit = min(bound, page ?? .max)
    if asked > Self.most {
      notes.append("max_bytes \(asked) is past the most, \(Self.most); 1 MiB is kept to")
    }
    self.from = from
  }

  /// The records of `show --format json` kept: those ending after
  /// `from`, the first trimmed to start there, the text cut at a block
  /// boundary once the bound is met. When the first block alone is past
  /// the bound, it is cut inside, at a line end (else a character), and
  /// `note` says so and the bound that gets it whole. `from` and `next`
  /// are places in the text given (`ShownText`): in a chapter whose
  /// includes are expanded, past the chapter's own bytes; the `bytes`
  /// and `lines` said are the chapter's own (`own` its bytes, when read).
  mutating func keep(_ records: [JSONValue], own: [UInt8]? = nil) -> [JSONValue] {
    var kept: [JSONValue] = []
    for shown in ShownText.place(records) {
      guard case .object(var members) = shown.record, shown.end > from else { continue }
      let whole = shown.text
      let skip = min(max(from - shown.start, 0), whole.count)
      if next != nil {
        omitted += whole.count - skip
        continue
      }
      var stop = whole.count
      if whole.count - skip > limit - used {
        stop = cut(whole, from: skip, start: shown.start)
        omitted += whole.count - stop
        next = shown.start + stop
        if stop == skip { continue }
      }
      used += stop - skip
      members["text"] = .string(String(decoding: whole[skip..<stop], as: UTF8.self))
      guard skip > 0 || stop < whole.count else {
        kept.append(.object(members))
        continue
      }
      if shown.isExpanded {
        shown.place(&members, kept: skip..<stop, own: own)
      } else {
        members["bytes"] = .array([.int(shown.own.lowerBound + skip), .int(shown.own.lowerBound + stop)])
        cutLines(&members, whole: whole, kept: skip..<stop)
      }
      let pieces = Self.pieces(whole, limit: bound)
      members["part"] = .int(pieces.lastIndex { $0 <= skip }.map { $0 + 1 } ?? 1)
      members["parts"] = .int(pieces.count)
      kept.append(.object(members))
    }
    return kept
  }

  /// The lines of the bytes kept of a record whose text is its own.
  private func cutLines(_ members: inout [String: JSONValue], whole: [UInt8], kept: Range<Int>) {
    if let lines = members["lines"]?.array, let first = lines.first?.int {
      func line(_ byte: Int) -> Int { first + whole[..<byte].count { $0 == 0x0A } }
      let last = kept.isEmpty ? kept.lowerBound : kept.upperBound - 1
      members["lines"] = .array([.int(line(kept.lowerBound)), .int(line(last))])
    }
  }

  /// Where each piece of `whole` starts when it is cut at `limit` bytes
  /// a piece, at block boundaries (inside a block too long for one).
  static func pieces(_ whole: [UInt8], limit: Int) -> [Int] {
    let cuts = BlockBoundaries.cuts(in: whole)
    var starts = [0]
    var at = 0
    while whole.count - at > limit {
      let next =
        cuts.last { $0 > at && $0 - at <= limit }
        ?? at + max(boundary(in: Array(whole[at...]), within: limit), 1)
      starts.append(next)
      at = next
    }
    return starts
  }

  /// Where to end the text kept of `whole` (a record starting at place
  /// `start` of the text given), kept from `skip` on: the last block boundary within
  /// the room left; at `skip` when text is kept already (the rest goes
  /// to the next call); else inside the first block.
  private mutating func cut(_ whole: [UInt8], from skip: Int, start: Int) -> Int {
    let room = limit - used
    let cuts = BlockBoundaries.cuts(in: whole)
    if let last = cuts.last(where: { $0 > skip && $0 - skip <= room }) { return last }
    if used > 0 { return skip }
    let block = (cuts.first { $0 > skip } ?? whole.count) - skip
    let inside = skip + Self.boundary(in: Array(whole[skip...]), within: room)
    notes.append(
      "the block at byte \(start + skip) is \(block) bytes, past max_bytes \(limit): "
        + "it is cut inside, at byte \(start + inside); max_bytes \(block) gets it whole")
    return inside
  }

  /// Where to cut `bytes` inside a block to keep at most `room` of them:
  /// after the last line end within, else at a character's start.
  static func boundary(in bytes: [UInt8], within room: Int) -> Int {
    let most = min(room, bytes.count)
    if let lineEnd = bytes[..<most].lastIndex(of: 0x0A) { return lineEnd + 1 }
    var cut = most
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

  /// The text form: the sections' text, then what was left out and the
  /// `cursor` that gets it.
  func summary(path: String, sections: [JSONValue], cursor: String?) -> String {
    var text = sections.compactMap { $0["text"]?.string }.joined(separator: "\n")
    if let note { text += "\n[\(note)]" }
    if let next {
      text +=
        "\n[\(omitted) bytes of \(path) left out of this page; "
        + "call section again with \"cursor\": \"\(cursor ?? "")\" (or \"offset\": \(next)) for "
        + "the rest]"
    }
    return text
  }
}
