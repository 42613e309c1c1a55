import Found
import Outline

/// A Markdown document's headings for the index, from the outline's fast
/// way (`Outliner.headingLines`: the lines read as cmark-gfm reads them,
/// where it is sure of them), in the protocol's positions. Nil when it is
/// not sure: the document is then outlined whole.
enum ScannedHeadings {
  /// The headings of the Markdown `bytes`, outlined with `options`; nil
  /// when not sure.
  static func headings(_ bytes: [UInt8], options: OutlineOptions) -> [IndexedHeading]? {
    guard let found = Outliner.headingLines(bytes, options: options, strategy: .fast) else {
      return nil
    }
    return found.map { heading in
      var units = 0
      var at = heading.lineStart
      while at < heading.lineEnd {
        let (length, width) = TextLines.character(bytes, at: at, before: bytes.count)
        units += width
        at += length
      }
      return IndexedHeading(
        level: heading.level, title: heading.title,
        range: TextRange(
          start: TextPosition(line: heading.line, character: 0),
          end: TextPosition(line: heading.line, character: units)))
    }
  }
}
