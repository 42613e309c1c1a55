import Outline

/// Where a fragment goes in a document, for a reader following a link:
/// the byte of the heading it names, looked up as `contains` looks it up.
extension DocumentAnchors {
  /// The first byte of the heading (a section's or a folded one's) that
  /// `fragment` names in `document`: as `written` first (when given), then
  /// percent-decoded; each as an id, the same with GitHub's
  /// `user-content-` prefix, in Markdown either lowercased. The empty
  /// fragment and `top` are the top (0) when no heading has that id; nil
  /// when no heading has it.
  public static func offset(
    of fragment: String, written: String? = nil, in document: Document
  ) -> Int? {
    var targets: [(id: String, offset: Int)] = []
    for section in document.sections {
      if let id = section.id { targets.append((id, section.offset)) }
    }
    for heading in document.folded {
      if let id = heading.id { targets.append((id, document.lines.offset(ofLine: heading.line))) }
    }
    let lowercased = document.format == .markdown
    for name in [written, fragment].compactMap({ $0 }) {
      let bare = name.hasPrefix("user-content-") ? String(name.dropFirst(13)) : name
      for wanted in [name, bare] {
        if let target = targets.first(where: { $0.id == wanted }) { return target.offset }
      }
      if lowercased, let target = targets.first(where: { $0.id == bare.lowercased() }) {
        return target.offset
      }
    }
    return fragment.isEmpty || fragment.lowercased() == "top" ? 0 : nil
  }
}
