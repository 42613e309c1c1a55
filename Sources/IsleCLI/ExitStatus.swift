/// The exit statuses of every command (SPEC §6).
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
