/// A chapter's text as mdBook builds it: each `{{#include}}` and
/// `{{#rustdoc_include}}` replaced by the part of the file it names (the
/// lines asked, or those between the anchor's markers), the `ANCHOR` lines
/// left out, as mdBook's links preprocessor does; the files included are
/// expanded in turn, ten deep at most. A link whose file is not there, or
/// leaves the book, stays as written (`isle check` reports it).
public enum MdBookExpansion {
  /// How deep included files are expanded, as mdBook stops.
  static let deepest = 10

  /// `text`, the chapter at `chapter` (relative to the book's folder),
  /// with its includes expanded.
  public static func expand(
    _ text: [UInt8], chapter: String, in book: Book, files: some BookFolder
  ) -> [UInt8] {
    expand(text, chapter: chapter, in: book, files: files, depth: 0)
  }

  static func expand(
    _ text: [UInt8], chapter: String, in book: Book, files: some BookFolder, depth: Int
  ) -> [UInt8] {
    let includes = MdBookInclude.scan(text)
    guard !includes.isEmpty, depth < deepest else { return text }
    var output: [UInt8] = []
    var done = 0
    for include in includes where include.range.lowerBound >= done {
      guard
        let file = BookAudit.included(include.path, from: chapter, in: book, files: files),
        let bytes = files.bytes(of: file)
      else { continue }
      output += text[done..<include.range.lowerBound]
      // Paths in the included file are written from its own folder.
      let written = BookPath.join(BookPath.folder(of: chapter), include.path)
      let inner = expand(
        part(include.part, of: bytes), chapter: written, in: book, files: files, depth: depth + 1)
      output += inner
      done = include.range.upperBound
    }
    output += text[done...]
    return output
  }

  /// The lines of `bytes` that `part` takes, joined without a last line
  /// end, every `ANCHOR:` and `ANCHOR_END:` line left out.
  static func part(_ part: MdBookInclude.Part, of bytes: [UInt8]) -> [UInt8] {
    var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
    if lines.last?.isEmpty == true { lines.removeLast() }
    switch part {
    case .whole: break
    case .lines(let first, let last):
      let from = max((first ?? 1) - 1, 0)
      let to = min(last ?? lines.count, lines.count)
      lines = from < to ? Array(lines[from..<to]) : []
    case .anchor(let name):
      guard let start = lines.firstIndex(where: { marks($0, "ANCHOR:", name) }) else { return [] }
      let rest = lines[(start + 1)...]
      let end = rest.firstIndex(where: { marks($0, "ANCHOR_END:", name) }) ?? lines.endIndex
      lines = Array(lines[(start + 1)..<end])
    }
    let kept = lines.filter { !contains($0, "ANCHOR:") && !contains($0, "ANCHOR_END:") }
    return Array(kept.joined(separator: [0x0A]))
  }

  /// True when `line` holds `marker` followed by `name` (spaces between).
  private static func marks(_ line: ArraySlice<UInt8>, _ marker: String, _ name: String) -> Bool {
    let text = String(decoding: line, as: UTF8.self)
    guard let found = text.firstRange(of: marker) else { return false }
    let after = text[found.upperBound...].drop { $0 == " " || $0 == "\t" }
    let word = after.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }
    return word == name
  }

  private static func contains(_ line: ArraySlice<UInt8>, _ marker: String) -> Bool {
    String(decoding: line, as: UTF8.self).contains(marker)
  }
}
