import Island

/// What the command line (or a document's remembered options) asks of a
/// contents list in Markdown: numbers, a fold, the title heading, which
/// headings.
struct ContentsRequest: Sendable, Equatable {
  /// `--ordered[=increment]`: nil for bullets.
  var numbering: ListStyle.Numbering = .bullets
  /// `--details[=SUMMARY]`: the list folded under this summary; `""` for
  /// the contents title.
  var details: String? = nil
  /// `--include-title`: the document's title heading is listed too.
  var includeTitle = false
  /// `--after-markers`: only the headings after the list.
  var afterMarkers = false

  static func decide(_ raw: RawArguments, command: String) throws -> ContentsRequest {
    var request = ContentsRequest()
    if let ordered = raw.last("ordered") {
      switch ordered.value {
      case nil, "ones": request.numbering = .ones
      case "increment": request.numbering = .increment
      case let text?:
        throw raw.invalid("ordered", text, expected: "ones or increment", command: command)
      }
    }
    if let details = raw.last("details") {
      let summary = details.value ?? ""
      // The summary stands in an HTML comment when remembered.
      guard !summary.contains("-->") else {
        throw raw.invalid("details", summary, expected: "a summary without '-->'", command: command)
      }
      request.details = summary
    }
    request.includeTitle = raw.has("include-title")
    request.afterMarkers = raw.has("after-markers")
    return request
  }
}
