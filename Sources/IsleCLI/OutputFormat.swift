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
