/// A mistake in how isle was called: an unknown option, a missing or bad
/// value. Reported as one line on standard error, with exit status 2
/// (IsleCLI gives it its status, as it does the other modules' errors).
public struct UsageError: Error, Equatable {
  /// What was wrong, naming the option and the value.
  public let problem: String
  /// The command whose help would set it right, if one is known.
  public let command: String?

  package init(_ message: String, command: String? = nil) {
    self.problem = message
    self.command = command
  }

  /// What was wrong and where help is.
  public var message: String? {
    let hint = command.map { "isle help \($0)" } ?? "isle --help"
    return "\(problem) (see '\(hint)')"
  }
}
