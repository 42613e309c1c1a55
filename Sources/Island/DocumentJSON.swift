import JSON
import Outline
import Progress

/// A document as one line of JSON, with the field names the README documents.
/// The names are a contract: fields are only ever added.
public enum DocumentJSON {
  /// The document's JSON object; with a place, `current` and `fraction`
  /// too, and with a bar (from `where`), `bar`.
  public static func render(_ document: Document, place: Place? = nil, bar: String? = nil) -> String
  {
    var output = ""
    write(document, place: place, bar: bar, to: &output)
    return output
  }

  /// The same, appended to `output`, handed over a stretch at a time: a
  /// document with thousands of sections never stands twice over.
  /// With `meta` (JSON text: a record's own members, `--records`), a
  /// `meta` member last.
  public static func write(
    _ document: Document, place: Place? = nil, bar: String? = nil, meta: String? = nil,
    tokens: SectionTokens? = nil,
    to output: inout String
  ) {
    output.reserveCapacity(output.utf8.count + document.sections.count * 256)
    var json = JSONWriter(capacity: 1 << 16)
    write(document, place: place, bar: bar, meta: meta, tokens: tokens, to: &json) { json in
      json.handOver(over: 1 << 16, to: &output)
    }
    output += json.take()
  }

  /// The same, written by `json` (a value within a larger object).
  public static func write(
    _ document: Document, place: Place? = nil, bar: String? = nil, to json: inout JSONWriter
  ) {
    write(document, place: place, bar: bar, tokens: nil, to: &json) { _ in }
  }

  /// The document's object, `handOver` called after each section.
  private static func write(
    _ document: Document, place: Place?, bar: String?, meta: String? = nil,
    tokens: SectionTokens?,
    to json: inout JSONWriter, handOver: (inout JSONWriter) -> Void
  ) {
    json.open()
    json.add("path", document.path)
    json.add("format", document.format.rawValue)
    json.add("slug", document.slug?.rawValue)
    json.add("charset", document.charset)
    json.add("decoded", document.decoded)
    json.add("size", document.size)
    json.add("lines", document.lineCount)
    json.add("title", document.title)
    json.add("words", document.reading.wordCount)
    json.add("seconds", document.seconds)
    json.add("minutes", document.minutes)
    if let tokens { json.add("tokenizer", tokens.tokenizer) }
    json.key("preamble")
    if let preamble = document.preamble {
      write(preamble: preamble, tokens: tokens.map { $0.preamble }, to: &json)
    } else {
      json.null()
    }
    json.key("sections")
    json.openArray()
    let wording = Wording()
    for (index, section) in document.sections.enumerated() {
      json.element()
      let count = tokens.map { index < $0.sections.count ? $0.sections[index] : nil }
      write(section, wording: wording, tokens: count, to: &json)
      handOver(&json)
    }
    json.closeArray()
    if let place {
      json.key("current")
      if let index = place.currentIndex {
        write(document.sections[index], wording: wording, to: &json)
      } else {
        json.null()
      }
      json.add("fraction", place.fraction)
      let left = TimeLeft(place, in: document)
      json.add("minutesLeft", left.minutes)
      json.add("secondsLeft", left.seconds)
      json.add("sectionMinutesLeft", left.sectionMinutes)
      json.add("sectionSecondsLeft", left.sectionSeconds)
    }
    if let bar { json.add("bar", bar) }
    if let meta { json.add("meta", json: meta) }
    json.close()
  }

  /// The text before the first section: where it lies and its reading,
  /// as a section's (its `title` the document's own, else null).
  static func write(preamble part: Section, tokens: Int?? = nil, to json: inout JSONWriter) {
    json.open()
    json.add("title", part.title.isEmpty ? nil : part.title)
    json.add("line", part.line)
    json.add("offset", part.offset)
    json.add("endLine", part.endLine)
    json.add("endOffset", part.endOffset)
    json.add("words", part.words)
    json.add("seconds", part.seconds)
    json.add("minutes", part.minutes)
    json.add("detail", Wording().detail(part))
    if let tokens { json.add("tokens", tokens) }
    json.close()
  }

  /// One section's JSON object, with every field the README lists.
  public static func section(_ section: Section) -> String {
    var output = ""
    write(section, to: &output)
    return output
  }

  /// The same, appended to `output`.
  public static func write(_ section: Section, to output: inout String) {
    var json = JSONWriter()
    write(section, wording: Wording(), to: &json)
    output += json.text
  }

  private static func write(
    _ section: Section, wording: Wording, tokens: Int?? = nil, to object: inout JSONWriter
  ) {
    object.open()
    object.add("number", section.number)
    object.add("level", section.level)
    object.add("title", section.title)
    object.add("id", section.id)
    object.add("line", section.line)
    object.add("offset", section.offset)
    object.add("endLine", section.endLine)
    object.add("endOffset", section.endOffset)
    if let from = section.from { object.add("from", from) }
    object.add("words", section.words)
    object.add("seconds", section.seconds)
    object.add("minutes", section.minutes)
    object.add("detail", wording.detail(section))
    if let tokens { object.add("tokens", tokens) }
    object.close()
  }
}
