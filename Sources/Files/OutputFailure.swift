/// Output that could not be written (a full disk, an I/O error, a closed
/// descriptor): an error naming the stream, never a silent success.
public struct OutputFailure: IsleError {
  /// `standard output` or `standard error`.
  public let stream: String
  /// The system's error number.
  public let code: Int32

  public var message: String? { "\(stream): cannot write: \(SystemFiles.reason(code))" }
  public var status: ExitStatus { .failure }
}
