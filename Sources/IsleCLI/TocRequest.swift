import Island
import Options

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

  /// What the words given ask of a contents list.
  static func decide(_ raw: RawArguments, command: String) throws -> TocRequest {
    var request = TocRequest()
    try Flag.apply(shapes, raw, to: &request, command: command)
    return request
  }

  /// The list's shapes, each with what it sets.
  static let shapes = [ordered, details, includeTitle, afterMarkers]

  static let ordered = Flag<TocRequest>(
    OptionSpec(
      .ordered, value: "increment", optional: true, choices: ["ones", "increment"],
      requires: listed, help: "a numbered list: 1. on every item, or counting up")
  ) { given, request, command in
    switch given.value {
    case nil, "ones": request.numbering = .ones
    case "increment": request.numbering = .increment
    case let text?: throw given.invalid(text, expected: "ones or increment", command: command)
    }
  }

  static let details = Flag<TocRequest>(
    OptionSpec(
      .details, value: "SUMMARY", optional: true, requires: listed,
      help: "fold the list in <details> (summary: the --title)")
  ) { given, request, command in
    let summary = given.value ?? ""
    // The summary stands in an HTML comment when noted.
    guard !summary.contains("-->") else {
      throw given.invalid(summary, expected: "a summary without '-->'", command: command)
    }
    request.details = summary
  }

  static let includeTitle = Flag<TocRequest>(
    OptionSpec(.includeTitle, requires: listed, help: "list the document's title heading too")
  ) { _, request, _ in request.includeTitle = true }

  static let afterMarkers = Flag<TocRequest>(
    OptionSpec(
      .afterMarkers, requires: [.given(.write), .given(.check), .given(.diff)],
      help: "list only the headings after the list")
  ) { _, request, _ in request.afterMarkers = true }

  /// What the list's shapes need: a Markdown list, printed or kept.
  private static let listed: [OptionCondition] = [
    .value(.format, "markdown"), .given(.write), .given(.check), .given(.diff),
  ]

  /// What a document notes of the options its contents list was made
  /// with (see `NotedOptions`).
  static let noted =
    Flags.outline(.minLevel, .maxLevel, .slug) + shapes.map(\.spec)
}

extension Flags {
  /// Keeping a README's own contents list up to date.
  static let write = [
    TocRequest.ordered.spec, TocRequest.details.spec, TocRequest.includeTitle.spec,
    OptionSpec(
      .base, value: "DIR", requires: [.value(.format, "markdown")],
      help: "with many documents, link paths relative to DIR"),
    OptionSpec(
      .write,
      conflicts: [.given(.check), .given(.diff), .value(.format, "text", "json", "tsv")],
      help: "update the contents list between a file's markers"),
    OptionSpec(
      .check, conflicts: [.value(.format, "text", "json", "tsv")],
      help: "change nothing; exit 1 naming stale files"),
    OptionSpec(
      .diff, conflicts: [.value(.format, "text", "json", "tsv")],
      help: "check, and print the diff of each stale list"),
    TocRequest.afterMarkers.spec,
  ]
}
