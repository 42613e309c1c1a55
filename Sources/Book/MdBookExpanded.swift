/// A chapter expanded as mdBook's links preprocessor builds it, with what
/// was put where: each `{{#include}}` of the chapter's own text and the
/// file it brought, so a position in the expanded text names the chapter's
/// own byte (within an include, the include's), and each `{{#title}}`
/// taken out, its text the chapter's title.
public struct MdBookExpanded: Sendable {
  /// One link of the chapter's own text and what stands for it.
  public struct Splice: Sendable, Equatable {
    /// Its bytes in the chapter, from `{{` to `}}`.
    public var written: Range<Int>
    /// The bytes that stand for it in the expanded text.
    public var expanded: Range<Int>
    /// The file it brought in, as written in the link; nil for a title.
    public var file: String?
  }

  /// The expanded text.
  public var bytes: [UInt8]
  /// The links replaced, in order.
  public var splices: [Splice]
  /// The last `{{#title …}}`'s text, as mdBook keeps it.
  public var title: String?

  /// `text`, the chapter at `chapter` (relative to the book's folder),
  /// expanded; an include that cannot be read stays as written.
  public init(_ text: [UInt8], chapter: String, in book: Book, files: some BookFolder) {
    var links: [(range: Range<Int>, file: String?, title: String?)] = []
    for include in MdBookInclude.scan(text) {
      links.append((include.range, include.path, nil))
    }
    for found in Self.titles(in: text) { links.append((found.range, nil, found.title)) }
    links.sort { $0.range.lowerBound < $1.range.lowerBound }
    var output: [UInt8] = []
    var splices: [Splice] = []
    var done = 0
    for link in links where link.range.lowerBound >= done {
      var brought: [UInt8] = []
      if let path = link.file {
        guard let include = MdBookInclude.scan(Array(text[link.range])).first,
          let file = BookAudit.included(path, from: chapter, in: book, files: files),
          let bytes = files.bytes(of: file)
        else { continue }
        brought = MdBookExpansion.expand(
          MdBookExpansion.part(include.part, of: bytes),
          chapter: BookPath.join(BookPath.folder(of: chapter), path), in: book, files: files,
          depth: 1)
      } else {
        title = link.title
      }
      output += text[done..<link.range.lowerBound]
      splices.append(
        Splice(written: link.range, expanded: output.count..<(output.count + brought.count),
          file: link.file))
      output += brought
      done = link.range.upperBound
    }
    output += text[done...]
    bytes = output
    self.splices = splices
  }

  /// The chapter's byte for `offset` of the expanded text, and the file
  /// it came from when an include brought it (its link's first byte).
  public func written(_ offset: Int) -> (offset: Int, file: String?) {
    var shift = 0
    for splice in splices {
      if offset < splice.expanded.lowerBound { break }
      if offset < splice.expanded.upperBound { return (splice.written.lowerBound, splice.file) }
      shift = splice.written.upperBound - splice.expanded.upperBound
    }
    return (offset + shift, nil)
  }

  /// The `{{#title text}}` links of `text`, as mdBook's pattern reads
  /// them (a `\` before the braces leaves one as text).
  static func titles(in text: [UInt8]) -> [(range: Range<Int>, title: String)] {
    let opening = Array("{{#title".utf8)
    var found: [(range: Range<Int>, title: String)] = []
    var index = 0
    while index + opening.count < text.count {
      guard text[index..<(index + opening.count)].elementsEqual(opening),
        index == 0 || text[index - 1] != 0x5C,
        text[index + opening.count] == 0x20 || text[index + opening.count] == 0x09
      else {
        index += 1
        continue
      }
      let start = index + opening.count
      var end = start
      while end + 1 < text.count, !(text[end] == 0x7D && text[end + 1] == 0x7D),
        text[end] != 0x0A
      {
        end += 1
      }
      guard end + 1 < text.count, text[end] == 0x7D else {
        index = end
        continue
      }
      let title = String(
        String(decoding: text[start..<end], as: UTF8.self).drop { $0 == " " || $0 == "\t" }
          .reversed().drop { $0 == " " || $0 == "\t" }.reversed())
      found.append((index..<(end + 2), title))
      index = end + 2
    }
    return found
  }
}
