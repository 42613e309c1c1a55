import Found

/// What a document links to and the targets a link can land on in it, found by
/// the visit that outlines it when `OutlineOptions.findsLinks` asks
/// (`Outliner.outlined`): `isle check` and the language server read them;
/// an outline alone never gathers them.
public struct DocumentLinks: Sendable, Equatable {
  /// Its links, in document order, each with its line and column and each
  /// reference given its definition's written destination.
  public var links: [FoundLink] = []
  /// Its HTML `id`s and `<a name>`s, in document order.
  public var anchors: [FoundAnchor] = []
  /// Its fenced code blocks and lists, by line (Markdown only).
  public var blocks: [FoundBlock] = []
  /// The offset of each `]` that cmark left as text, in order (Markdown
  /// only): it closes no link, so the brackets before it, and a label
  /// after it (`[text][label]`, `[text][]`), name no definition cmark
  /// found. Brackets in code, in HTML and escaped ones are not among them.
  public var strayClosers: [Int] = []

  /// No links, anchors or blocks.
  public init() {}

  /// What `found` holds, placed on `lines`.
  init(_ found: Findings, lines: LineIndex) {
    links = Self.positioned(found.links, lines: lines)
    anchors = found.anchors.sorted { $0.offset < $1.offset }
    blocks = found.blocks.sorted { ($0.line, -$0.endLine) < ($1.line, -$1.endLine) }
    strayClosers = found.strayClosers.sorted()
  }

  /// Links in document order with their lines and columns, each reference
  /// given its definition's written destination (a label's first
  /// definition is the one that counts).
  static func positioned(_ links: [FoundLink], lines: LineIndex) -> [FoundLink] {
    var definitions: [String: Range<Int>] = [:]
    for link in links where link.kind == .definition {
      if let key = link.labelKey, definitions[key] == nil {
        definitions[key] = link.destinationRange
      }
    }
    return links.sorted { $0.offset < $1.offset }.map { found in
      var link = found
      link.line = lines.line(ofOffset: found.offset)
      link.column = found.offset - lines.offset(ofLine: link.line) + 1
      if link.kind == .reference, let key = link.labelKey {
        link.destinationRange = definitions[key]
      }
      return link
    }
  }
}
