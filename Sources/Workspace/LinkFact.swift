import Found
import Links
import Outline

/// A link as the server shows it: where it is written, where its
/// destination is, and what it asks for.
public struct LinkFact: Sendable {
  /// How the link names its destination.
  public enum Role: Sendable, Equatable {
    /// `[text](destination)`, an image, an autolink or an HTML attribute:
    /// the destination is written in the link.
    case inline
    /// `[text][label]`, `[label][]` or `[label]`: a use of a definition,
    /// whose destination is written there.
    case reference
    /// `[label]: destination`, the definition itself.
    case definition
  }

  public var link: FoundLink
  public var role: Role
  /// Where the link names its destination: the destination as written; a
  /// reference-style link's label. The link's first character when
  /// neither is found (`isPositioned` false).
  public var range: TextRange
  /// The whole link as written, from its first character through its
  /// destination or label.
  public var span: TextRange
  /// True when `range` is where the destination or label is written.
  public var isPositioned: Bool
  /// The bytes of the destination as written, when found: for a
  /// reference-style link, its definition's.
  public var written: Range<Int>?
  /// What the destination names.
  public var target: LinkDestination

  /// The bytes of the fragment as written (after the last `#` of the
  /// destination); nil when there is none, or none written here (a
  /// reference-style link's is its definition's).
  public func fragment(in bytes: [UInt8]) -> Range<Int>? {
    guard role != .reference, let written,
      let hash = bytes[written].lastIndex(of: 0x23)
    else { return nil }
    return (hash + 1)..<written.upperBound
  }
}

extension LinkFact {
  /// The facts of a document's links, in document order: each placed
  /// where its bytes are written, read from the first byte the outline
  /// gives it (a definition and an inline link at the destination the
  /// outline found; a use of a definition at its label).
  public static func positioned(_ links: [FoundLink], text: TextLines) -> [LinkFact] {
    links.map { fact($0, text: text) }
  }

  /// The fact of one link of the outline.
  private static func fact(_ link: FoundLink, text: TextLines) -> LinkFact {
    let bytes = text.bytes
    let start = min(link.offset, bytes.count)
    let first = start..<min(start + 1, bytes.count)
    func fact(_ role: Role, _ range: Range<Int>?, through end: Int?, written: Range<Int>?)
      -> LinkFact
    {
      LinkFact(
        link: link, role: role, range: text.range(of: range ?? first),
        span: text.range(of: start..<max(end ?? first.upperBound, first.upperBound)),
        isPositioned: range != nil, written: written, target: LinkDestination.of(link))
    }
    let destination = Array(link.destination.utf8)
    switch link.kind {
    case .definition:
      let range = link.destinationRange
      return fact(.definition, range, through: range?.upperBound, written: range)
    case .reference:
      // At its label; its destination is its definition's.
      return fact(
        .reference, link.labelRange, through: link.labelRange.map { $0.upperBound + 1 },
        written: link.destinationRange)
    case .html, .htmlImage:
      let found = WrittenDestination.offset(of: destination, for: link, in: bytes).map {
        $0..<($0 + destination.count)
      }
      return fact(.inline, found, through: found.map { $0.upperBound + 1 }, written: found)
    case .link, .image:
      if let range = link.destinationRange {
        // Through the `>` of `<destination>` or the `)` after it.
        let closer = range.upperBound < bytes.count && bytes[range.upperBound] == 0x3E
        return fact(
          .inline, range, through: range.upperBound + (closer ? 1 : 0), written: range)
      }
      if start < bytes.count, bytes[start] == 0x3C {
        // An autolink: its inside.
        let end = bytes[start...].firstIndex(of: 0x3E) ?? start
        let inside = (start + 1)..<max(end, start + 1)
        return fact(.inline, inside, through: end + 1, written: inside)
      }
      // A bare autolink (`https://example.com`, `www.example.com`): its
      // text is its destination, but for the scheme cmark-gfm adds.
      let here = bytes[start...]
      let shown =
        [destination]
        + ["http://", "mailto:"].map(\.utf8).compactMap { scheme in
          destination.starts(with: scheme) ? Array(destination.dropFirst(scheme.count)) : nil
        }
      let found =
        shown.first { !$0.isEmpty && here.starts(with: $0) }.map { start..<(start + $0.count) }
        ?? WrittenDestination.offset(of: destination, for: link, in: bytes).map {
          $0..<($0 + destination.count)
        }
      return fact(.inline, found, through: found.map { $0.upperBound }, written: found)
    }
  }
}
