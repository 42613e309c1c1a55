/// Every error a command can end with: the one line it reports and the
/// exit status it calls for. `CLI.run` catches these once; the loop over
/// many documents catches them per document, so the others go on.
public protocol IsleError: Error {
  /// The line for standard error after `isle: error: `; nil when the
  /// end is a quiet one (a closed pipe).
  var message: String? { get }
  /// The exit status.
  var status: ExitStatus { get }
  /// The whole line for standard error: `isle: error: ` and the message,
  /// unless the error says otherwise; nil when the message is.
  var line: String? { get }
}

extension IsleError {
  public var line: String? { message.map { "isle: error: " + $0 } }
}
