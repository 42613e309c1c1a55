/// A document or file that could not be read, and why.
struct ReadFailure: IsleError, Equatable {
  /// The path as given (or `<stdin>`).
  let name: String
  /// Why, in words.
  let reason: String
  /// The system's error number, when the system said no.
  let code: Int32?

  /// A failure the system reported with `code` (errno).
  init(name: String, code: Int32) {
    self.name = name
    self.reason = SystemFiles.reason(code)
    self.code = code
  }

  /// A failure isle itself decided (too large, a directory).
  init(name: String, reason: String) {
    self.name = name
    self.reason = reason
    self.code = nil
  }

  var message: String? { "\(name): \(reason)" }
  var status: ExitStatus { .failure }
}
