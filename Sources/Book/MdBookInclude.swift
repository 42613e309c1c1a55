/// One of mdBook's links that bring another file into a chapter,
/// `{{#include file}}` or `{{#rustdoc_include file}}`, with the part of
/// the file it takes: all of it, lines (`file:2:10`, `file:2`, `file:2:`,
/// `file::10`) or the lines between `ANCHOR: name` and `ANCHOR_END: name`
/// (`file:name`). A link written `\{{#include …}}` is text, as mdBook
/// leaves it.
public struct MdBookInclude: Sendable, Equatable {
  /// The part of the file a link takes.
  public enum Part: Sendable, Equatable {
    case whole
    /// From line `first` to line `last` (1-based, both nil-able: open).
    case lines(first: Int?, last: Int?)
    /// The lines an anchor of this name marks.
    case anchor(String)
  }

  /// The file as written, relative to the chapter's folder.
  public var path: String
  public var part: Part
  /// Where the link starts in the chapter: its line and column, 1-based.
  public var line: Int
  public var column: Int
  /// Its bytes in the chapter, from `{{` to `}}`.
  public var range: Range<Int> = 0..<0
  /// True for `{{#rustdoc_include}}`.
  public var rustdoc = false

  /// The includes of a chapter's text, in order.
  public static func scan(_ text: [UInt8]) -> [MdBookInclude] {
    var found: [MdBookInclude] = []
    var line = 1
    var lineStart = 0
    var index = 0
    while index + 1 < text.count {
      let byte = text[index]
      if byte == 0x0A {
        line += 1
        lineStart = index + 1
      } else if byte == 0x7B, text[index + 1] == 0x7B,
        index == 0 || text[index - 1] != 0x5C,
        let include = link(in: text, at: index + 2)
      {
        found.append(
          MdBookInclude(
            path: include.path, part: include.part, line: line, column: index - lineStart + 1,
            range: index..<include.end, rustdoc: include.rustdoc))
      }
      index += 1
    }
    return found
  }

  /// The include whose `{{` ends just before `start`: `#`, a name, spaces,
  /// its argument up to `}}` (no `}` inside), as mdBook's pattern reads it.
  private static func link(in text: [UInt8], at start: Int) -> (
    path: String, part: Part, end: Int, rustdoc: Bool
  )? {
    var at = start
    func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A }
    while at < text.count, isSpace(text[at]) { at += 1 }
    guard at < text.count, text[at] == 0x23 else { return nil }
    at += 1
    let nameStart = at
    while at < text.count, isNameByte(text[at]) { at += 1 }
    let name = String(decoding: text[nameStart..<at], as: UTF8.self)
    guard name == "include" || name == "rustdoc_include", at < text.count, isSpace(text[at])
    else { return nil }
    guard let close = text[at...].firstIndex(of: 0x7D), close + 1 < text.count,
      text[close + 1] == 0x7D
    else { return nil }
    let argument = String(decoding: text[at..<close], as: UTF8.self)
    guard let first = argument.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })
      .first
    else { return nil }
    let pieces = first.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
    return (
      String(pieces[0]), pieces.count > 1 ? part(String(pieces[1])) : .whole, close + 2,
      name == "rustdoc_include"
    )
  }

  private static func isNameByte(_ byte: UInt8) -> Bool {
    (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
      || byte == 0x5F
  }

  /// `2:10`, `2`, `2:`, `:10` as lines (a single number is that line
  /// alone); anything else names an anchor; nothing, the whole file.
  static func part(_ text: String) -> Part {
    if text.isEmpty { return .whole }
    let bounds = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
    let numbers = bounds.map { $0.isEmpty ? nil : Int($0) }
    guard bounds.allSatisfy({ $0.isEmpty || Int($0) != nil }), !bounds[0].isEmpty || bounds.count > 1
    else { return .anchor(text) }
    if bounds.count == 1 { return .lines(first: numbers[0], last: numbers[0]) }
    return .lines(first: numbers[0], last: numbers[1])
  }

  /// True when `text` (a file's) has a line marking the start of anchor
  /// `name` (`ANCHOR: name`, in any comment).
  public static func hasAnchor(_ name: String, in text: [UInt8]) -> Bool {
    let marker = Array("ANCHOR:".utf8)
    let wanted = Array(name.utf8)
    var index = 0
    while index + marker.count <= text.count {
      // `ANCHOR_END:` is no start: its `_` stands where the `:` would.
      if text[index..<(index + marker.count)].elementsEqual(marker) {
        var at = index + marker.count
        while at < text.count, text[at] == 0x20 || text[at] == 0x09 { at += 1 }
        var end = at
        while end < text.count, isNameByte(text[end]) || text[end] == 0x2D { end += 1 }
        if text[at..<end].elementsEqual(wanted) { return true }
        index = end
        continue
      }
      index += 1
    }
    return false
  }
}
