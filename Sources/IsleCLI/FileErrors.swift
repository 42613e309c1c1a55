import Files

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
