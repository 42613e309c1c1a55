/// A document the editor has open: its text as the editor has it, which
/// the server reads instead of the file.
struct OpenDocument: Sendable {
  var uri: String
  var path: String
  var version: Int
  var text: TextLines
  /// The facts of this version, once asked for; nil after an edit.
  var facts: DocumentFacts?

  /// Applies one `contentChanges` entry: a range and its new text, or the
  /// whole text when there is no range. Ranges are in UTF-16 units, as the
  /// protocol says, and refer to the text as the previous change left it.
  mutating func apply(_ change: JSONValue) throws(ResponseError) {
    guard let replacement = change["text"]?.string else {
      throw .invalidParams("a content change without text")
    }
    facts = nil
    guard let rangeJSON = change["range"] else {
      text = TextLines(Array(replacement.utf8))
      return
    }
    let range = text.offsets(of: try TextRange(rangeJSON))
    var bytes = text.bytes
    bytes.replaceSubrange(range, with: replacement.utf8)
    text = TextLines(bytes)
  }
}
