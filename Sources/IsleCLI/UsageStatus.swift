import Options

// A usage error as a command ends with it: its line names the option and
// the value and where help is, exit 2.

extension UsageError: IsleError {
  public var status: ExitStatus { .failure }
}
