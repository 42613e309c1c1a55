/// What one document gives: its output, what it found, and an error line.
struct DocumentOutput: Sendable {
  var output = ""
  var status: ExitStatus
  var error: String? = nil
}
