import Files
import Options

/// An error isle throws knowing how it ends: the one line it reports and
/// the exit status it calls for. Each keeps what it is about (an option, a
/// file and its `errno`, a document) for whoever catches it; `Failure`
/// turns any error into its line and status, once, at the edge.
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

// A usage error as a command ends with it: its line names the option and
// the value and where help is, exit 2.
extension UsageError: IsleError {
  public var status: ExitStatus { .failure }
}

// The failures of reading and writing files as a command ends with them:
// the line names the file or the stream, exit 2; a reader of a pipe that
// went away ends output quietly, with 0.

extension LoadError: IsleError {
  public var message: String? { description }
  public var status: ExitStatus { .failure }
}

extension OutputError: IsleError {
  public var message: String? { description }
  public var status: ExitStatus { .failure }
}

extension ClosedPipeError: IsleError {
  public var message: String? { nil }
  public var status: ExitStatus { .success }
}

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
