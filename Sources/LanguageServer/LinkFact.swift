import Links
import Outline

/// A link as the server shows it: where it is written, where its
/// destination is, and what it asks for.
struct LinkFact: Sendable {
  /// How the link names its destination.
  enum Role: Sendable, Equatable {
    /// `[text](destination)`, an image, an autolink or an HTML attribute:
    /// the destination is written in the link.
    case inline
    /// `[text][label]`, `[label][]` or `[label]`: a use of a definition,
    /// whose destination is written there.
    case reference
    /// `[label]: destination`, the definition itself.
    case definition
  }

  var link: FoundLink
  var role: Role
  /// Where the link names its destination: the destination as written; a
  /// reference-style link's label. The link's first character when
  /// neither is found (`isPlaced` false).
  var range: TextRange
  /// The whole link as written, from its first character through its
  /// destination or label.
  var span: TextRange
  /// True when `range` is where the destination or label is written.
  var isPlaced: Bool
  /// The bytes of the destination as written, when found: for a
  /// reference-style link, its definition's.
  var written: Range<Int>?
  /// What the destination names.
  var target: LinkDestination

  /// The bytes of the fragment as written (after the last `#` of the
  /// destination); nil when there is none, or none written here (a
  /// reference-style link's is its definition's).
  func fragment(in bytes: [UInt8]) -> Range<Int>? {
    guard role != .reference, let written,
      let hash = bytes[written].lastIndex(of: 0x23)
    else { return nil }
    return (hash + 1)..<written.upperBound
  }
}

extension LinkFact {
  /// The facts of a document's links, in document order: each placed
  /// where its bytes are written (`LinkSyntax`), read from the first byte
  /// the outline gives it.
  static func placed(_ links: [FoundLink], text: TextLines) -> [LinkFact] {
    // A use's destination is looked for after a `]:` (what `isle check
    // --fix` rewrites).
    let written =
      links.contains { $0.kind == .reference }
      ? WrittenDestination.definitions(in: text.bytes) : [:]
    return links.map { place($0, text: text, written: written) }
  }

  /// The facts of a document's reference definitions, each at its
  /// destination.
  static func placed(_ definitions: [ReferenceDefinition], text: TextLines) -> [LinkFact] {
    definitions.map { definition in
      let link = FoundLink(
        destination: definition.resolved, kind: .reference, offset: definition.offset)
      return LinkFact(
        link: link, role: .definition, range: text.range(of: definition.destination),
        span: text.range(of: definition.offset..<definition.destination.upperBound),
        isPlaced: true, written: definition.destination, target: LinkDestination.of(link))
    }
  }

  /// The fact of one link of the outline.
  private static func place(_ link: FoundLink, text: TextLines, written: [String: Int])
    -> LinkFact
  {
    let bytes = text.bytes
    let start = min(link.offset, bytes.count)
    let first = start..<min(start + 1, bytes.count)
    func fact(_ role: Role, _ range: Range<Int>?, through end: Int?, written: Range<Int>?)
      -> LinkFact
    {
      LinkFact(
        link: link, role: role, range: text.range(of: range ?? first),
        span: text.range(of: start..<max(end ?? first.upperBound, first.upperBound)),
        isPlaced: range != nil, written: written, target: LinkDestination.of(link))
    }
    let destination = Array(link.destination.utf8)
    if link.kind == .html || link.kind == .htmlImage {
      let found = WrittenDestination.offset(of: destination, for: link, in: bytes).map {
        $0..<($0 + destination.count)
      }
      return fact(.inline, found, through: found.map { $0.upperBound + 1 }, written: found)
    }
    if start < bytes.count, bytes[start] == 0x3C {
      // An autolink: its inside.
      let end = bytes[start...].firstIndex(of: 0x3E) ?? start
      let inside = (start + 1)..<max(end, start + 1)
      return fact(.inline, inside, through: end + 1, written: inside)
    }
    if let syntax = LinkSyntax.read(bytes, at: start) {
      if let range = syntax.destination, LinkSyntax.writes(link.destination, bytes, range) {
        return fact(
          .inline, range, through: range.upperBound + (syntax.isAngled ? 1 : 0), written: range)
      }
      // `[text](…)` whose parentheses hold no destination is `[text]`,
      // a use of a definition, when cmark says so.
      if let label = syntax.label ?? (link.kind == .reference ? syntax.text : nil) {
        let used = written[link.destination].map { $0..<($0 + destination.count) }
        return fact(.reference, label, through: label.upperBound + 1, written: used)
      }
    }
    // The outline may place a link spanning lines at its last line, with
    // its first line's column: its destination is after a `](` there.
    let line = text.position(of: start).line
    let lineEnd = text.end(ofLine: line)
    var index = text.start(ofLine: line)
    while index + 1 < lineEnd {
      if bytes[index] == 0x5D, bytes[index + 1] == 0x28,
        let (range, angled) = LinkSyntax.destination(bytes, from: index + 2),
        LinkSyntax.writes(link.destination, bytes, range)
      {
        return fact(.inline, range, through: range.upperBound + (angled ? 1 : 0), written: range)
      }
      index += 1
    }
    if link.kind == .reference {
      let used = written[link.destination].map { $0..<($0 + destination.count) }
      return fact(.reference, nil, through: nil, written: used)
    }
    let found = WrittenDestination.offset(of: destination, for: link, in: bytes).map {
      $0..<($0 + destination.count)
    }
    return fact(.inline, found, through: found.map { $0.upperBound + 1 }, written: found)
  }
}
