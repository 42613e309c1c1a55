import Found
import Links
import Outline

/// A reference definition (`[label]: destination "title"`) as the server
/// lists it among a document's symbols.
public struct DefinitionFact: Sendable, Equatable {
  /// Its label as written, between the brackets.
  public var label: String
  /// From its `[` through its destination, or its title when it has one.
  public var range: TextRange
  /// Its label.
  public var labelRange: TextRange

  /// The definitions among `links` (the outline's, in document order), in
  /// `text`'s positions.
  static func all(_ links: [FoundLink], text: TextLines) -> [DefinitionFact] {
    guard !links.isEmpty else { return [] }
    var found = DocumentLinks()
    found.links = links
    return ReferenceLabels(found, bytes: text.bytes, lines: text.lines).definitions.map {
      DefinitionFact(
        label: String(decoding: text.bytes[$0.label], as: UTF8.self),
        range: text.range(of: $0.extent), labelRange: text.range(of: $0.label))
    }
  }
}
