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

  /// The same, appended to `output`: the sections written in place, so a
  /// document with thousands of them is not built in pieces and copied.
  public static func write(
    _ document: Document, place: Place? = nil, bar: String? = nil, to output: inout String
  ) {
    var object = JSONObject()
    object.add("path", document.path)
    object.add("format", document.format.rawValue)
    object.add("slug", document.slug?.rawValue)
    object.add("charset", document.charset)
    object.add("decoded", raw: document.decoded ? "true" : "false")
    object.add("size", document.size)
    object.add("lines", document.lineCount)
    object.add("title", document.title)
    object.add("words", document.reading.wordCount)
    object.add("seconds", document.seconds)
    object.add("minutes", document.minutes)
    object.add("preamble", raw: document.preamble.map { preamble($0) } ?? "null")
    object.add("sections") { text in
      text.reserveCapacity(text.utf8.count + document.sections.count * 256)
      text += "["
      // Written as bytes and handed over a stretch at a time, so the
      // sections never stand twice over.
      var sections = JSONBytes(capacity: 1 << 16)
      let wording = Wording()
      for (index, section) in document.sections.enumerated() {
        if index > 0 { sections.comma() }
        write(section, wording: wording, to: &sections)
        if sections.bytes.count >= 1 << 16 { text += sections.take() }
      }
      text += sections.take()
      text += "]"
    }
    if let place {
      object.add(
        "current", raw: place.currentIndex.map { section(document.sections[$0]) } ?? "null")
      object.add("fraction", place.fraction)
      let left = TimeLeft(place, in: document)
      object.add("minutesLeft", left.minutes)
      object.add("secondsLeft", left.seconds)
      object.add("sectionMinutesLeft", left.sectionMinutes)
      object.add("sectionSecondsLeft", left.sectionSeconds)
    }
    if let bar { object.add("bar", bar) }
    object.write(to: &output)
  }

  /// The text before the first section: where it lies and its reading,
  /// as a section's (its `title` the document's own, else null).
  static func preamble(_ part: Section) -> String {
    var object = JSONBytes()
    object.open()
    object.add("title", part.title.isEmpty ? nil : part.title)
    object.add("line", part.line)
    object.add("offset", part.offset)
    object.add("endLine", part.endLine)
    object.add("endOffset", part.endOffset)
    object.add("words", part.words)
    object.add("seconds", part.seconds)
    object.add("minutes", part.minutes)
    object.add("detail", Wording().detail(part))
    object.close()
    return String(decoding: object.bytes, as: UTF8.self)
  }

  /// One section's JSON object, with every field the README lists.
  public static func section(_ section: Section) -> String {
    var output = ""
    write(section, to: &output)
    return output
  }

  /// The same, appended to `output`.
  public static func write(_ section: Section, to output: inout String) {
    var object = JSONBytes()
    write(section, wording: Wording(), to: &object)
    output += String(decoding: object.bytes, as: UTF8.self)
  }

  private static func write(_ section: Section, wording: Wording, to object: inout JSONBytes) {
    object.open()
    object.add("number", section.number)
    object.add("level", section.level)
    object.add("title", section.title)
    object.add("id", section.id)
    object.add("line", section.line)
    object.add("offset", section.offset)
    object.add("endLine", section.endLine)
    object.add("endOffset", section.endOffset)
    object.add("words", section.words)
    object.add("seconds", section.seconds)
    object.add("minutes", section.minutes)
    object.add("detail", wording.detail(section))
    object.close()
  }
}
