#if canImport(Glibc)
  import Glibc
#endif

/// What isle knows of the terminal its output goes to, found once by the
/// real program and given outright by tests.
public struct TerminalFacts: Sendable, Equatable {
  /// True when standard output is a terminal.
  public var isTerminal: Bool
  /// The terminal's width in columns, when it is one and says.
  public var columns: Int?

  /// Facts from their parts.
  public init(isTerminal: Bool, columns: Int? = nil) {
    self.isTerminal = isTerminal
    self.columns = columns
  }

  /// Not a terminal: a pipe or a file.
  public static let pipe = TerminalFacts(isTerminal: false)

  /// The facts of this process's standard output.
  public static func standardOutput() -> TerminalFacts {
    guard isatty(1) == 1 else { return .pipe }
    var size = winsize()
    let columns = ioctl(1, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 ? Int(size.ws_col) : nil
    return TerminalFacts(isTerminal: true, columns: columns)
  }
}
