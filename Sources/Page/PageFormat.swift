/// How a document is drawn: Markdown or HTML set for the terminal, or the
/// source as it is (`--plain`).
public enum PageFormat: Sendable, Equatable {
  case markdown
  case html
  case plain
}
