/// A document or file that could not be read, and why.
public struct LoadError: Error, Equatable, CustomStringConvertible {
  /// The path as given (or `<stdin>`).
  public let name: String
  /// Why, in words.
  public let reason: String
  /// The system's error number, when the system said no.
  public let code: Int32?

  /// A failure the system reported with `code` (errno).
  public init(name: String, code: Int32) {
    self.name = name
    self.reason = SystemFiles.reason(code)
    self.code = code
  }

  /// A failure isle itself decided (too large, a directory).
  public init(name: String, reason: String) {
    self.name = name
    self.reason = reason
    self.code = nil
  }

  public var description: String { "\(name): \(reason)" }
}
