/// A chapter expanded as mdBook's links preprocessor builds it: each
/// `{{#include}}` and `{{#rustdoc_include}}` replaced by the part of the
/// file it names (relative to the folder of the file it is written in),
/// the files brought in expanded in turn ten deep at most, and each
/// `{{#title …}}` taken out, its text the chapter's title. This is the one
/// expansion every command uses. What was put where is kept: each link of
/// the chapter's own text and what stands for it, so a position in the
/// expanded text names the chapter's own byte (within an include, the
/// include's); and each include left as written, whose file could not be
/// read or leaves the book (`isle check` reports those).
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

  /// An include left as written, at any depth.
  public struct Left: Sendable, Equatable {
    /// The file it is written in, relative to the book's folder.
    public var `in`: String
    public var include: MdBookInclude
    /// The file it names, as the book's files are read (joined to the
    /// book's folder); nil when it leaves the book.
    public var file: String?
  }

  /// How deep included files are expanded, as mdBook stops.
  static let deepest = 10

  /// The expanded text.
  public var bytes: [UInt8] = []
  /// The links of the chapter's own text replaced, in order.
  public var splices: [Splice] = []
  /// The last `{{#title …}}`'s text, as mdBook keeps it.
  public var title: String?
  /// The includes left as written, in the order met.
  public var left: [Left] = []

  /// `text`, the chapter at `chapter` (relative to the book's folder),
  /// expanded.
  public init(_ text: [UInt8], chapter: String, in book: Book, files: some BookFolder) {
    bytes = expand(text, written: chapter, in: book, files: files, depth: 0)
  }

  /// `text`, the file at `written` (relative to the book's folder),
  /// expanded at `depth` (0: the chapter's own text, whose links are
  /// kept as splices).
  private mutating func expand(
    _ text: [UInt8], written: String, in book: Book, files: some BookFolder, depth: Int
  ) -> [UInt8] {
    var links: [(range: Range<Int>, include: MdBookInclude?, title: String?)] = []
    for include in MdBookInclude.scan(text) { links.append((include.range, include, nil)) }
    for found in Self.titles(in: text) { links.append((found.range, nil, found.title)) }
    guard !links.isEmpty else { return text }
    links.sort { $0.range.lowerBound < $1.range.lowerBound }
    var output: [UInt8] = []
    var done = 0
    for link in links where link.range.lowerBound >= done {
      var brought: [UInt8] = []
      if let include = link.include {
        let file = BookAudit.included(include.path, from: written, in: book, files: files)
        guard depth < Self.deepest, let file, let whole = files.bytes(of: file) else {
          left.append(Left(in: written, include: include, file: file))
          continue
        }
        // Paths in the included file are written from its own folder.
        brought = expand(
          MdBookExpansion.part(include.part, of: whole),
          written: BookPath.join(BookPath.folder(of: written), include.path), in: book,
          files: files, depth: depth + 1)
      } else {
        title = link.title
      }
      output += text[done..<link.range.lowerBound]
      if depth == 0 {
        splices.append(
          Splice(
            written: link.range, expanded: output.count..<(output.count + brought.count),
            file: link.include?.path))
      }
      output += brought
      done = link.range.upperBound
    }
    output += text[done...]
    return output
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

  /// The chapter's byte where a stretch of the expanded text that starts
  /// or ends at `offset` does: as `written`, but a link that brought
  /// nothing there (a title, a file not read) goes with what follows it,
  /// so stretches that meet in the expanded text meet in the chapter, and
  /// stretches that cover the one cover the other.
  public func boundary(_ offset: Int) -> Int {
    var shift = 0
    for splice in splices {
      if offset <= splice.expanded.lowerBound { break }
      if offset < splice.expanded.upperBound { return splice.written.lowerBound }
      shift = splice.written.upperBound - splice.expanded.upperBound
    }
    return offset + shift
  }

  /// The byte of the expanded text for the chapter's own byte `offset`:
  /// within a link, the last byte of what stands for it (the link stands
  /// for all of it, as every heading it brought stands at the link).
  public func expanded(_ offset: Int) -> Int {
    var shift = 0
    for splice in splices {
      if offset < splice.written.lowerBound { break }
      if offset < splice.written.upperBound {
        return max(splice.expanded.upperBound - 1, splice.expanded.lowerBound)
      }
      shift = splice.expanded.upperBound - splice.written.upperBound
    }
    return offset + shift
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
