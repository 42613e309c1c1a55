/// The exit statuses of every command: 0 found, 1 nothing found, 2 an
/// error, 130 interrupted.
public enum ExitStatus: Int32, Sendable {
  /// Success.
  case success = 0
  /// Nothing found: no sections, no match, no pick.
  case nothingFound = 1
  /// An error: a bad option or value, an unreadable file.
  case failure = 2
  /// Ctrl-C at the picker, as a shell counts it (128 + SIGINT).
  case interrupted = 130
}
