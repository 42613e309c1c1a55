import Links
import Outline

/// A link as the server shows it: where its destination is written and
/// what it asks for.
struct LinkFact: Sendable {
  var link: FoundLink
  /// The destination as written; the link's first character when it
  /// cannot be found (written with escapes or entities).
  var range: TextRange
  /// The whole link as written, from its first character through its
  /// destination (for a reference-style link, only its destination).
  var span: TextRange
  /// The bytes of the destination as written, when found.
  var written: Range<Int>?
  /// What the destination names.
  var target: LinkDestination
}
