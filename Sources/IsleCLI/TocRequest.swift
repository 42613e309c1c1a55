import Island

/// What the command line (or a document's noted options) asks of a
/// contents list in Markdown: numbers, a fold, the title heading, which
/// headings.
struct TocRequest: Sendable, Equatable {
  /// `--ordered[=increment]`: nil for bullets.
  var numbering: ListStyle.Numbering = .bullets
  /// `--details[=SUMMARY]`: the list folded under this summary; `""` for
  /// the contents title.
  var details: String? = nil
  /// `--include-title`: the document's title heading is listed too.
  var includeTitle = false
  /// `--after-markers`: only the headings after the list.
  var afterMarkers = false
}
