/// Why a document was not outlined.
public enum OutlineError: Error, Equatable, Sendable {
  /// HTML (a page, or an HTML block in Markdown) nests deeper than allowed.
  case tooDeep(depth: Int, limit: Int)
  /// A GFM table's delimiter row (on `line`) has more
  /// cells than allowed (`TableWidthProbe`).
  case tooWide(columns: Int, line: Int, limit: Int)
}
