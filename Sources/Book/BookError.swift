/// A table of contents isle cannot read: one line naming the file and,
/// where there is one, the line (`SUMMARY.md:4: …`).
public struct BookError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The whole line, file and line number first.
  public let message: String

  /// An error in `file` at `line` (0: the file as a whole).
  public init(_ file: String, line: Int = 0, _ what: String) {
    message = (line > 0 ? "\(file):\(line): " : "\(file): ") + what
  }

  public var description: String { message }
}
