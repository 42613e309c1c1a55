import Island
import Outline

/// The ways a command can print a document.
enum OutputFormat: String, CaseIterable, Sendable {
  case text
  case json
}

/// Everything `isle toc` has decided before it reads a byte.
struct TocSettings {
  var outline: OutlineOptions
  var format: OutputFormat
  var copy: Copy
  var maxWidth: Int
  var sources: [InputSource]

  /// Decides the settings from the words given and the environment.
  static func decide(_ raw: RawArguments, environment: [String: String]) throws -> TocSettings {
    let command = "toc"
    var copy = Copy()
    if let title = raw.value("title") { copy.contentsTitle = title }
    var maxWidth = try Values.integer(raw, "max-width", in: 8...10_000, command: command) ?? 60
    if let columns = environment["COLUMNS"].flatMap(Int.init), columns > 0 {
      maxWidth = min(maxWidth, columns)
    }
    return TocSettings(
      outline: try Values.outlineOptions(raw, command: command),
      format: try Values.choice(raw, "format", as: OutputFormat.self, command: command) ?? .text,
      copy: copy,
      maxWidth: maxWidth,
      sources: sources(raw.operands))
  }

  /// Files in argument order; standard input for none or `-`.
  static func sources(_ operands: [String]) -> [InputSource] {
    operands.isEmpty ? [.standardInput] : operands.map { $0 == "-" ? .standardInput : .file($0) }
  }
}
