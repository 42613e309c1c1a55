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
      var bracketed = false
      for (index, heading) in found.enumerated() {
        let content = UnsafeBufferPointer(rebasing: buffer[heading.content])
        if let text = plainText(content) {
          titles[index] = PlainText.collapsed(String(decoding: text, as: UTF8.self))
          continue
        }
        let brackets = content.contains(where: { $0 == 0x5B || $0 == 0x5D })
        if scan.mayDefine && scan.definitionsUnsure && brackets { return nil }
        bracketed = bracketed || brackets
        parsed.append(index)
        alone.append(contentsOf: buffer[heading.source])
        alone.append(0x0A)
        if heading.isSetext {
          alone.append(contentsOf: heading.level == 1 ? [0x3D, 0x0A] : [0x2D, 0x0A])
        }
        alone.append(0x0A)
      }
      if !parsed.isEmpty {
        // The definitions the titles' links may use, before them (a
        // title without a bracket uses none).
        var definitions: [UInt8] = [0x0A]
        for paragraph in scan.definitions where bracketed {
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

  /// The text inline parsing makes of `content` when it holds only
  /// characters it leaves as they are, and code spans (whose backticks it
  /// drops and whose text it leaves as written: code spans come before
  /// every other inline but HTML and autolinks, which need a `<` outside
  /// them), in valid UTF-8; nil for anything else. No `{`: a code span's
  /// text may end in an attribute block.
  private static func plainText(_ content: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
    var text: [UInt8] = []
    text.reserveCapacity(content.count)
    var ascii = true
    var index = content.startIndex
    while index < content.endIndex {
      let byte = content[index]
      if byte >= 0x80 {
        ascii = false
      } else if byte == 0x60 {
        guard let (code, after) = codeSpan(content, at: index) else { return nil }
        text.append(contentsOf: code)
        index = after
        continue
      } else if !plain[Int(byte)] {
        return nil
      }
      text.append(byte)
      index += 1
    }
    guard ascii || String(validating: text, as: UTF8.self) != nil else { return nil }
    return text
  }

  /// The code span whose opening backticks start at `at`: its text (every
  /// character but a control one or `{` allowed) and where it ends; a run
  /// no run of the same length closes is text as written.
  private static func codeSpan(_ content: UnsafeBufferPointer<UInt8>, at: Int) -> (
    ArraySlice<UInt8>, Int
  )? {
    var open = at
    while open < content.endIndex && content[open] == 0x60 { open += 1 }
    let length = open - at
    var index = open
    while index < content.endIndex {
      guard content[index] == 0x60 else {
        let byte = content[index]
        if byte == 0x7B || (byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D) {
          return nil
        }
        index += 1
        continue
      }
      var close = index
      while close < content.endIndex && content[close] == 0x60 { close += 1 }
      if close - index == length { return (Array(content[open..<index])[...], close) }
      index = close
    }
    // No closing run: the backticks are text, and what follows is read on.
    return (Array(content[at..<open])[...], open)
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
