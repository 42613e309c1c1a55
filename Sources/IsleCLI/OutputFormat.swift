import Options

/// The ways a command can print a document.
enum OutputFormat: String, CaseIterable, Sendable {
  case text
  case spoken
  case json
  case tsv
  case markdown
  /// `check`'s formats for CI: SARIF 2.1.0, JUnit XML, GitHub's workflow
  /// commands, GitLab's Code Quality JSON.
  case sarif
  case junit
  case github
  case gitlab

  /// One of the formats for CI, which `check` writes from its findings.
  var isForCI: Bool { [.sarif, .junit, .github, .gitlab].contains(self) }
}

/// What `jump` and `pick` print about the section they land on.
enum SectionPrint: String, CaseIterable, Sendable {
  case line
  case offset
  case id
  case bar
  case json
}

extension Flags {
  /// What `jump` and `pick` print.
  static let print = OptionSpec(
    .print, value: "WHAT", choices: SectionPrint.allCases.map(\.rawValue),
    help: "line (default), offset, id, bar or json")
}
