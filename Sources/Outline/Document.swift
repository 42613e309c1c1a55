/// The kind of text a document is written in.
public enum DocumentFormat: String, Sendable, CaseIterable {
  case markdown
  case html

  /// The format named by a file's extension, if it names one.
  public static func fromExtension(of path: String) -> DocumentFormat? {
    guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
    switch path[path.index(after: dot)...].lowercased() {
    case "md", "markdown", "mdown", "mkd", "mkdn": return .markdown
    case "html", "htm", "xhtml": return .html
    default: return nil
    }
  }

  /// The format the first bytes suggest: HTML for a doctype or `<html`
  /// (after a BOM and white space), else Markdown.
  public static func sniff(_ bytes: UnsafeBufferPointer<UInt8>) -> DocumentFormat {
    var i = 0
    if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { i = 3 }
    while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D, 0x0C].contains(bytes[i]) { i += 1 }
    let head = bytes[i..<min(bytes.count, i + 9)].map { $0 | 0x20 }
    let lowered = String(decoding: head, as: UTF8.self)
    if lowered.hasPrefix("<!doctype") || lowered.hasPrefix("<html") { return .html }
    return .markdown
  }
}

/// An outlined document: its size, lines, title and sections.
public struct Document: Sendable {
  /// The file it came from, or nil for standard input.
  public var path: String?
  /// The format it was read as.
  public var format: DocumentFormat
  /// Its lines, for turning positions into offsets.
  public var lines: LineIndex
  /// Its title: the front matter's `title`, else its first level-1 heading.
  public var title: String?
  /// The sections shown, in document order.
  public var sections: [Section]
  /// Everything there is to read in it, headings included.
  public var reading: ReadingAmount
  /// Whole minutes to read all of it.
  public var minutes: Int
  /// The character encoding an HTML page declares, lowercased; nil when it
  /// declares none (and for Markdown, which is read as UTF-8).
  public var charset: String?
  /// False when the declared encoding was not decoded, so text outside
  /// ASCII reads as U+FFFD.
  public var decoded: Bool
  /// The `<!-- toc -->` and `<!-- tocstop -->` markers, in order.
  public var markers: [TocMarker] = []

  /// Creates a document from its parts.
  public init(
    path: String?, format: DocumentFormat, lines: LineIndex, title: String?,
    sections: [Section], reading: ReadingAmount, minutes: Int, charset: String? = nil,
    decoded: Bool = true
  ) {
    self.charset = charset
    self.decoded = decoded
    self.path = path
    self.format = format
    self.lines = lines
    self.title = title
    self.sections = sections
    self.reading = reading
    self.minutes = minutes
  }

  /// The size in bytes.
  public var size: Int { lines.size }
  /// The number of lines.
  public var lineCount: Int { lines.lineCount }
}
