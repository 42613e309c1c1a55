/// How an error ends a command, or one document of many: the one line for
/// standard error and the exit status. Every error becomes one here, at
/// the edge, once (`CLI.run`, and the loops over many documents for each
/// of them): an `IsleError` says its own line and status; anything else
/// is an error in its own words, exit 2.
struct Failure: Sendable {
  /// The whole line for standard error; nil for a quiet end (a closed
  /// pipe).
  let line: String?
  let status: ExitStatus

  init(_ error: any Error) {
    if let known = error as? any IsleError {
      line = known.line
      status = known.status
    } else {
      line = "isle: error: \(error)"
      status = .failure
    }
  }
}
