/// A terminal a command draws on that could not be had (no `/dev/tty`,
/// not a terminal) or went away while it drew: one line naming the
/// document and why, exit 2.
struct TerminalError: IsleError {
  /// The document the command was showing.
  let name: String
  /// Why, in words.
  let reason: String

  var message: String? { "\(name): \(reason)" }
  var status: ExitStatus { .failure }
}
