/// Every error a command can end with: the one line it reports and the
/// exit status it calls for. `CLI.run` catches these once; the loop over
/// many documents catches them per document, so the others go on.
public protocol IsleError: Error {
  /// The line for standard error after `isle: error: `; nil when the
  /// end is a quiet one (a closed pipe).
  var message: String? { get }
  /// The exit status.
  var status: ExitStatus { get }
}
