import JSON

/// A record of `show --format json` placed in the text `section` pages
/// through: where its text starts and ends there, and its own bytes. A
/// chapter's text as the book builds it (its includes expanded) is longer
/// or shorter than its file, so each record is placed after the ones
/// before it, shifted by what they grew or shrank: without includes the
/// places are the file's bytes, as `offset` has always named them.
struct ShownText {
  let record: JSONValue
  let text: [UInt8]
  /// The record's own bytes, as `show` gives them.
  let own: Range<Int>
  /// Where its text starts in the text given.
  let start: Int
  var end: Int { start + text.count }
  /// True when its text is not its own bytes (an include expanded).
  var isExpanded: Bool { text.count != own.count }

  /// `records` placed, those without text or bytes left out.
  static func place(_ records: [JSONValue]) -> [ShownText] {
    var placed: [ShownText] = []
    var shift = 0
    for record in records {
      guard let text = record["text"]?.string, let range = record["bytes"]?.array,
        range.count == 2, let start = range[0].int, let end = range[1].int, end >= start
      else { continue }
      let bytes = Array(text.utf8)
      placed.append(ShownText(record: record, text: bytes, own: start..<end, start: start + shift))
      shift += bytes.count - (end - start)
    }
    return placed
  }

  /// The end of the last record's text, the text given's end.
  static func end(of records: [JSONValue]) -> Int? {
    place(records).map(\.end).max()
  }

  /// The `bytes` and `lines` of `kept` of an expanded record's text: the
  /// chapter's own. The text the chapter's file and the expanded text
  /// begin and end with alike is its own, byte for byte; what lies
  /// between (what the includes brought) sits at the includes.
  func place(_ members: inout [String: JSONValue], kept: Range<Int>, own file: [UInt8]?) {
    guard let file, own.upperBound <= file.count else { return }
    let written = Array(file[own])
    var same = 0
    while same < min(written.count, text.count) && written[same] == text[same] { same += 1 }
    var tail = 0
    while tail < min(written.count, text.count) - same
      && written[written.count - 1 - tail] == text[text.count - 1 - tail]
    {
      tail += 1
    }
    func mapped(_ place: Int, upper: Bool) -> Int {
      if place <= same { return own.lowerBound + place }
      if place >= text.count - tail { return own.upperBound - (text.count - place) }
      return upper ? own.upperBound - tail : own.lowerBound + same
    }
    let low = mapped(kept.lowerBound, upper: false)
    let high = max(low, mapped(kept.upperBound, upper: true))
    members["bytes"] = .array([.int(low), .int(high)])
    func line(_ byte: Int) -> Int { 1 + file[..<byte].count { $0 == 0x0A } }
    members["lines"] = .array([.int(line(low)), .int(line(max(low, high - 1)))])
  }
}
