/// The part of a file an mdBook include takes, as mdBook's links
/// preprocessor cuts it: the lines asked, or those between the anchor's
/// markers, the `ANCHOR` lines left out. `MdBookExpanded` puts it in.
public enum MdBookExpansion {
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
