/// A mistake in how isle was called: an unknown option, a missing or bad
/// value. Reported as one line on standard error, with exit status 2.
public struct UsageError: Error, Equatable {
  /// What was wrong, naming the option and the value.
  public let message: String
  /// The command whose help would set it right, if one is known.
  public let command: String?

  init(_ message: String, command: String? = nil) {
    self.message = message
    self.command = command
  }

  /// The line printed on standard error.
  var line: String {
    let hint = command.map { "isle help \($0)" } ?? "isle --help"
    return "isle: error: \(message) (see '\(hint)')"
  }
}
