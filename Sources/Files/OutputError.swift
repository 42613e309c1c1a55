/// Output that could not be written (a full disk, an I/O error, a closed
/// descriptor): an error naming the stream, never a silent success.
public struct OutputError: Error, CustomStringConvertible {
  /// `standard output` or `standard error`.
  public let stream: String
  /// The system's error number.
  public let code: Int32

  public var description: String { "\(stream): cannot write: \(SystemFiles.reason(code))" }
}
