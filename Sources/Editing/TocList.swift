import Island
import Outline

/// The contents list a document carries, as Markdown: which headings it
/// lists and how it is drawn.
///
/// Left out: the document's title (a single level-1 heading that comes
/// first) unless asked for, the heading the list stands under, headings
/// that ask to be left out (`<!-- omit from toc -->`, `.no_toc`, a
/// `no-toc` class) and, in a document's own list, the headings within the
/// list's markers.
public enum TocList {
  /// The sections listed: the title too when `includeTitle`, only those
  /// after the list's markers when `afterMarkers`.
  public static func sections(
    of document: Document, includeTitle: Bool, afterMarkers: Bool, region: TocRegion? = nil,
    bytes: Span<UInt8>? = nil
  ) -> [Section] {
    guard let bytes else {
      return sections(
        of: document, includeTitle: includeTitle, afterMarkers: afterMarkers, region: region,
        buffer: nil)
    }
    return bytes.withUnsafeBufferPointer {
      sections(
        of: document, includeTitle: includeTitle, afterMarkers: afterMarkers, region: region,
        buffer: $0)
    }
  }

  /// The same over a buffer, for this module's own callers.
  static func sections(
    of document: Document, includeTitle: Bool, afterMarkers: Bool, region: TocRegion?,
    buffer bytes: UnsafeBufferPointer<UInt8>?
  ) -> [Section] {
    var sections = document.sections
    if !includeTitle, let title = titleIndex(sections) { sections.remove(at: title) }
    if let region {
      let underneath = bytes.flatMap { heading(under: region, in: document, bytes: $0) }
      sections.removeAll { section in
        section.offset == underneath
          || (section.offset >= region.opening.offset && section.offset < region.endOfMarkers)
          || (afterMarkers && section.offset < region.endOfMarkers)
      }
    }
    return sections.filter { !$0.omittedFromContents }
  }

  /// The document's title among `sections`: the first, at level 1, when no
  /// other is at level 1.
  public static func titleIndex(_ sections: [Section]) -> Int? {
    guard let first = sections.first, first.level == 1,
      !sections.dropFirst().contains(where: { $0.level == 1 })
    else { return nil }
    return 0
  }

  /// The offset of the heading a list's markers stand directly under, with
  /// nothing but blank lines between.
  static func heading(
    under region: TocRegion, in document: Document, bytes: UnsafeBufferPointer<UInt8>
  ) -> Int? {
    guard let section = document.sections.last(where: { $0.offset < region.opening.offset })
    else { return nil }
    let lines = document.lines
    let line = section.line
    // An ATX heading is one line; a setext heading its text and underline.
    let isATX =
      bytes[section.offset..<region.opening.offset].first { $0 != 0x20 && $0 != 0x3E }
      == 0x23
    let breaks = section.source.utf8.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
    let after = lines.offset(ofLine: line + breaks + (isATX ? 1 : 2))
    guard after <= region.opening.offset else { return nil }
    let between = bytes[after..<region.opening.offset]
    return between.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
      ? section.offset : nil
  }

  /// The list's lines, each ending in `\n`; folded in `<details>` when
  /// asked, under `summary`.
  public static func text(
    _ sections: [Section], format: DocumentFormat, style: ListStyle, details: String?,
    summary: String
  ) -> String {
    let list = MarkdownList.render(sections, style: style, format: format)
    guard let details, !list.isEmpty else { return list }
    let title = details.isEmpty ? summary : details
    return "<details>\n<summary>\(escapedHTML(title))</summary>\n\n\(list)\n</details>\n"
  }

  private static func escapedHTML(_ text: String) -> String {
    var escaped = ""
    for character in text {
      switch character {
      case "&": escaped += "&amp;"
      case "<": escaped += "&lt;"
      default: escaped.append(character)
      }
    }
    return escaped
  }

  /// The bullet and indentation the document's lists already use: those
  /// of its current contents list if it has one, else of its first bullet
  /// list outside code; `-` and 2 spaces when it has none.
  public static func style(
    of bytes: Span<UInt8>, region: TocRegion?, numbering: ListStyle.Numbering
  ) -> ListStyle {
    bytes.withUnsafeBufferPointer { style(of: $0, region: region, numbering: numbering) }
  }

  /// The same over a buffer, for this module's own callers.
  static func style(
    of bytes: UnsafeBufferPointer<UInt8>, region: TocRegion?, numbering: ListStyle.Numbering
  ) -> ListStyle {
    var style = ListStyle(numbering: numbering)
    let text = String(decoding: bytes, as: UTF8.self)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    var fence: Substring? = nil
    var bullet: Character? = nil
    var indent: Int? = nil
    var parentIndent: Int? = nil
    var searched = region.map { [$0.start..<$0.end, 0..<bytes.count] } ?? [0..<bytes.count]
    var offset = 0
    var lineRanges: [(Range<Int>, Substring)] = []
    for line in lines {
      lineRanges.append((offset..<offset + line.utf8.count, line))
      offset += line.utf8.count + 1
    }
    while bullet == nil || indent == nil, !searched.isEmpty {
      let within = searched.removeFirst()
      fence = nil
      parentIndent = nil
      for (range, line) in lineRanges where within.contains(range.lowerBound) {
        let content = line.drop { $0 == " " }
        let spaces = line.count - content.count
        if let open = fence {
          if content.hasPrefix(open) { fence = nil }
          continue
        }
        if content.hasPrefix("```") || content.hasPrefix("~~~") {
          fence = content.prefix(3)
          continue
        }
        guard let first = content.first, "-*+".contains(first), content.dropFirst().first == " ",
          !isRule(content)
        else {
          if !content.isEmpty && !content.allSatisfy({ $0 == "\r" }) && spaces == 0 {
            parentIndent = nil
          }
          continue
        }
        if bullet == nil && spaces == 0 { bullet = first }
        if let parent = parentIndent, spaces > parent, indent == nil {
          indent = spaces - parent
        }
        if spaces == 0 { parentIndent = 0 }
      }
    }
    if let bullet { style.bullet = bullet }
    if let indent, indent == 2 || indent == 4 { style.indent = indent }
    return style
  }

  /// `- - -`, `***`: a thematic break, not a list.
  private static func isRule(_ content: Substring) -> Bool {
    let marks = content.filter { $0 != " " && $0 != "\t" && $0 != "\r" }
    return marks.count >= 3 && Set(marks).count == 1
  }
}
