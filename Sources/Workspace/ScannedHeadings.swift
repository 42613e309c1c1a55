import Found
import Outline

/// A Markdown document's headings for the index, from `HeadingScan`
/// where it is sure of them, titled as the outline titles them: a title of
/// plain characters is its text with its white space collapsed; one with
/// any character inline syntax may change (emphasis, code, links,
/// entities, escapes, HTML, attribute blocks) is parsed alone, the
/// headings that need it gathered in one small document, after the
/// paragraphs that may hold the link reference definitions their links
/// use. Nil when the scan is not sure, or such a paragraph is not one
/// stretch of the bytes as cmark-gfm reads it: the document is then
/// outlined whole.
enum ScannedHeadings {
  /// The headings of the Markdown `bytes`, outlined with `options`; nil
  /// when not sure.
  static func headings(_ bytes: [UInt8], options: OutlineOptions) -> [IndexedHeading]? {
    bytes.withUnsafeBufferPointer { buffer -> [IndexedHeading]? in
      guard let scan = HeadingScan.scan(buffer, maxDepth: options.maxDepth) else { return nil }
      let found = scan.headings
      var titles = [String](repeating: "", count: found.count)
      var alone: [UInt8] = [0x0A]
      var parsed: [Int] = []
      for (index, heading) in found.enumerated() {
        let content = UnsafeBufferPointer(rebasing: buffer[heading.content])
        if isPlain(content) {
          titles[index] = PlainText.collapsed(String(decoding: content, as: UTF8.self))
          continue
        }
        if scan.mayDefine && scan.definitionsUnsure
          && content.contains(where: { $0 == 0x5B || $0 == 0x5D })
        {
          return nil
        }
        parsed.append(index)
        alone.append(contentsOf: buffer[heading.source])
        alone.append(0x0A)
        if heading.isSetext {
          alone.append(contentsOf: heading.level == 1 ? [0x3D, 0x0A] : [0x2D, 0x0A])
        }
        alone.append(0x0A)
      }
      if !parsed.isEmpty {
        // The definitions the titles' links may use, before them.
        var definitions: [UInt8] = [0x0A]
        for paragraph in scan.definitions {
          definitions.append(contentsOf: buffer[paragraph])
          definitions.append(contentsOf: [0x0A, 0x0A])
        }
        alone = definitions + alone
        var outlining = OutlineFacts.options(options, links: false)
        outlining.format = .markdown
        guard let document = try? Outliner.outline(alone, path: nil, options: outlining),
          document.sections.count == parsed.count
        else { return nil }
        for (section, index) in zip(document.sections, parsed) {
          guard section.level == found[index].level else { return nil }
          titles[index] = section.title
        }
      }
      return found.enumerated().map { index, heading in
        var units = 0
        var at = heading.lineStart
        while at < heading.lineEnd {
          let (length, width) = TextLines.character(bytes, at: at, before: bytes.count)
          units += width
          at += length
        }
        return IndexedHeading(
          level: heading.level, title: titles[index],
          range: TextRange(
            start: TextPosition(line: heading.line, character: 0),
            end: TextPosition(line: heading.line, character: units)))
      }
    }
  }

  /// Whether `content` holds only characters that inline parsing leaves
  /// as they are, in valid UTF-8.
  private static func isPlain(_ content: UnsafeBufferPointer<UInt8>) -> Bool {
    var ascii = true
    for byte in content {
      if byte >= 0x80 {
        ascii = false
      } else if !plain[Int(byte)] {
        return false
      }
    }
    return ascii || String(validating: content, as: UTF8.self) != nil
  }

  /// The ASCII characters that are text in a heading whatever surrounds
  /// them: not a control character, and none of `\` `` ` `` `&` `<` `>`
  /// `[` `]` `!` `*` `_` `~` `{` `}`.
  private static let plain: [Bool] = (0..<128).map { byte in
    if byte == 0x09 || byte == 0x20 { return true }
    if byte < 0x20 || byte == 0x7F { return false }
    return !Array("\\`&<>[]!*_~{}".utf8).contains(UInt8(byte))
  }
}
