import Outline

/// Every target in a document a fragment can name: its headings' ids (every
/// level, in the document's slug flavour) and the `id`s and `<a name>`s
/// written as HTML.
public struct DocumentAnchors: Sendable {
  /// The ids in document order, each once: what suggestions are made from.
  public let ids: [String]
  private let exact: Set<String>
  /// Whether a fragment is tried lowercased too, as GitHub's page does
  /// for Markdown (`#Install` finds `install`; `#hrefandid` does not find
  /// an `id="HREFandID"` written as HTML).
  public let triesLowercased: Bool

  /// The anchors of `document`, its HTML ones those of `links` (found with
  /// `OutlineOptions.findsLinks`).
  public init(_ document: Document, links: DocumentLinks?) {
    var ids: [(offset: Int, id: String)] = []
    for section in document.sections { if let id = section.id { ids.append((section.offset, id)) } }
    for heading in document.folded {
      if let id = heading.id { ids.append((document.lines.offset(ofLine: heading.line), id)) }
    }
    ids += (links?.anchors ?? []).map { ($0.offset, $0.id) }
    var seen = Set<String>()
    self.ids = ids.sorted { $0.offset < $1.offset }.map(\.id).filter { seen.insert($0).inserted }
    exact = seen
    triesLowercased = document.format == .markdown
  }

  /// True when `fragment` names a target here, looked up as a browser does:
  /// as `written` first (when given), then percent-decoded (`fragment`).
  /// Each is an id as written; the same with GitHub's `user-content-`
  /// prefix; in Markdown, either lowercased; and the empty
  /// fragment and `top`, which a browser takes to the top of the page
  /// when no element has that id.
  public func contains(_ fragment: String, written: String? = nil) -> Bool {
    if let written, written != fragment, names(written) { return true }
    return names(fragment)
  }

  private func names(_ fragment: String) -> Bool {
    if fragment.isEmpty || exact.contains(fragment) { return true }
    let unprefixed =
      fragment.hasPrefix("user-content-")
      ? String(fragment.dropFirst("user-content-".count)) : fragment
    if exact.contains(unprefixed) { return true }
    if triesLowercased && exact.contains(unprefixed.lowercased()) { return true }
    return fragment.lowercased() == "top"
  }
}
