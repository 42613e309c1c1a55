/// The ways a command can print a document.
enum OutputFormat: String, CaseIterable, Sendable {
  case text
  case spoken
  case json
  case tsv
  case markdown
}
