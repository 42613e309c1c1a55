import BuildInfo
import Files
import Terminal

/// The command line as a library: arguments, environment and streams come
/// in, an exit status goes out, so tests run it in-process.
public struct CLI {
  /// isle's version (Package.swift's).
  public static let version = String(cString: isle_version())

  /// The commit the binary was built from (`-modified` after it when the
  /// tree had changes), nil when the build did not know it.
  public static let commit: String? = {
    let commit = String(cString: isle_commit())
    return commit.isEmpty ? nil : commit
  }()

  /// What `--version` prints: the version and the commit, or that none is
  /// known (a build from a tarball, or without the Makefile).
  static var versionLine: String {
    "isle \(version) (\(commit ?? "no commit recorded"))"
  }

  /// The environment. isle reads `COLUMNS`, `NO_COLOR`, `TERM`,
  /// `COLORTERM`, `ISLE_REDUCE_MOTION`, and `XDG_CONFIG_HOME` or `HOME` to
  /// find its config file.
  let environment: [String: String]
  let stdout: OutputSink
  let stderr: OutputSink
  let files: FileAccess
  /// What standard output is.
  let terminal: TerminalFacts
  /// True when standard input is a terminal: no document will come from
  /// it, so a command given no file says so at once instead of waiting.
  let inputIsTerminal: Bool
  let writer: AtomicFile

  /// A command line with the given surroundings.
  public init(
    environment: [String: String], stdout: OutputSink, stderr: OutputSink,
    files: FileAccess = SystemFiles(), terminal: TerminalFacts = .pipe,
    inputIsTerminal: Bool = false
  ) {
    self.init(
      environment: environment, stdout: stdout, stderr: stderr, files: files, terminal: terminal,
      inputIsTerminal: inputIsTerminal, writer: AtomicFile())
  }

  init(
    environment: [String: String], stdout: OutputSink, stderr: OutputSink, files: FileAccess,
    terminal: TerminalFacts, inputIsTerminal: Bool = false, writer: AtomicFile
  ) {
    self.writer = writer
    self.environment = environment
    self.terminal = terminal
    self.inputIsTerminal = inputIsTerminal
    self.stdout = stdout
    self.stderr = stderr
    self.files = files
  }

  /// Runs `arguments` (without the program name) and returns the exit
  /// status. Output is flushed; a closed pipe ends quietly with 0; every
  /// error is caught here, once, and reported as one line.
  public func run(_ arguments: [String]) -> Int32 {
    do {
      let status = try dispatch(arguments)
      try stdout.flush()
      return status.rawValue
    } catch {
      let failure = Failure(error)
      if let line = failure.line { report(line) }
      return failure.status.rawValue
    }
  }

  /// Writes one line to standard error.
  func report(_ line: String) {
    try? stderr.write(line + "\n")
    try? stderr.flush()
  }
}
