import JSON
import JSONRPC
import Workspace

/// Document highlights: where the name at the cursor is written in this
/// document.
extension LanguageServer {
  /// `DocumentHighlightKind`: a name declared (a heading, an anchor's id,
  /// a label's definition) is written; a link to it reads it.
  private static let read = 2
  private static let written = 3

  /// On a heading (or a link's fragment that names one, or an anchor):
  /// the heading's line and the fragment of every link here that leads
  /// to it; on a label, its definition and every use; on a link's path,
  /// the path of every link here to the same file; on a URL, every link
  /// here to it. A use of a definition that leads to a heading writes no
  /// fragment, and is not shown.
  func highlights(_ params: PositionParams) throws(ResponseError) -> [DocumentHighlight] {
    let facts = try loadFacts(params.path)
    guard let text = text(facts.path),
      let (named, _) = named(at: params.position, in: facts, text: text)
    else { return [] }
    let found = occurrences(of: named, in: facts, text: text).filter {
      $0.path == facts.path && ($0.name != nil || $0.link == nil)
    }
    return found.map {
      DocumentHighlight(range: $0.range, kind: $0.isDeclaration ? Self.written : Self.read)
    }
  }
}
