/// Where a document's bytes come from: a file, or standard input.
public enum InputSource: Equatable, Sendable {
  case file(String)
  case standardInput

  /// The path shown in output and errors; nil for standard input.
  public var path: String? {
    if case .file(let path) = self { return path }
    return nil
  }

  /// The name used in error messages.
  public var displayName: String { path ?? "<stdin>" }
}
