import Found
import HTMLOutline

/// A Markdown document's heading as an index lists it: its level, its
/// title as the outline gives it, and its first line (0-based) with where
/// that line's bytes start and end (before its line ending).
public struct HeadingLine: Sendable, Equatable {
  public var level: Int
  public var title: String
  public var line: Int
  public var lineStart: Int
  public var lineEnd: Int
}

extension Outliner {
  /// The headings of the Markdown `bytes`, every level, titled as the
  /// outline titles them, read the `strategy` way. The fast way reads the
  /// lines as cmark-gfm's block parser reads them (`HeadingScan`) and
  /// parses alone only the titles inline syntax may change, the headings
  /// that need it gathered in one small document after the paragraphs
  /// that may hold the link definitions their links use; nil when it is
  /// not sure of them, or such a paragraph is not one stretch of the
  /// bytes as cmark-gfm reads it (the whole way then answers). The whole
  /// way outlines the document; nil when it is refused.
  public static func headingLines(
    _ bytes: [UInt8], options: OutlineOptions, strategy: ParseStrategy = .fast
  ) -> [HeadingLine]? {
    var outlining = options
    outlining.levels = 1...6
    outlining.format = .markdown
    outlining.findsLinks = false
    outlining.findsDefinitions = false
    outlining.findsBlocks = false
    guard strategy == .fast else {
      guard let document = try? outline(bytes, path: nil, options: outlining) else { return nil }
      return bytes.withUnsafeBufferPointer { buffer in
        document.sections.map { section in
          let start = section.offset
          var end = start
          while end < buffer.count && buffer[end] != 0x0A && buffer[end] != 0x0D { end += 1 }
          return HeadingLine(
            level: section.level, title: section.title, line: section.line - 1, lineStart: start,
            lineEnd: end)
        }
      }
    }
    return bytes.withUnsafeBufferPointer { buffer in
      scanned(buffer, options: outlining)
    }
  }

  private static func scanned(_ buffer: UnsafeBufferPointer<UInt8>, options: OutlineOptions)
    -> [HeadingLine]?
  {
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
      // The definitions the titles' links may use, before them (a title
      // without a bracket uses none).
      var definitions: [UInt8] = [0x0A]
      for paragraph in scan.definitions where bracketed {
        definitions.append(contentsOf: buffer[paragraph])
        definitions.append(contentsOf: [0x0A, 0x0A])
      }
      alone = definitions + alone
      guard let document = try? outline(alone, path: nil, options: options),
        document.sections.count == parsed.count
      else { return nil }
      for (section, index) in zip(document.sections, parsed) {
        guard section.level == found[index].level else { return nil }
        titles[index] = section.title
      }
    }
    return found.enumerated().map { index, heading in
      HeadingLine(
        level: heading.level, title: titles[index], line: heading.line,
        lineStart: heading.lineStart, lineEnd: heading.lineEnd)
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
