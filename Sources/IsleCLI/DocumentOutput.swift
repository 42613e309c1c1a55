import Records

/// What one document gives: its output, what it found, and an error line.
struct DocumentOutput: Sendable {
  var output = ""
  var status: ExitStatus
  /// The line for standard error, when it failed.
  var error: String? = nil
  /// What was not found (`doc.md: no headings`), said on a terminal only.
  var note: String? = nil
  /// How the document was parsed (`--stats`), said on standard error.
  var stats: String? = nil
  /// What was met reading it, each said on standard error as a warning.
  var warnings: [String] = []
}

extension DocumentOutput {
  /// A record that gave no document (`--records`): its error record, and
  /// its line for standard error.
  init(problem: RecordError) {
    self.init(
      output: String(decoding: problem.json, as: UTF8.self), status: .failure,
      error: problem.message)
  }
}
