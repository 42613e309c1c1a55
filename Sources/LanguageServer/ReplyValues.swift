import JSON
import Workspace

// The small values the server's replies and notifications are made of,
// each writing itself with its members in the order of their names (as a
// `JSONValue`'s object is written): each field name spelled once.

/// A location in a document (`Location`): its URI and a range in it.
struct Location: JSONWritable {
  var uri: String
  var range: TextRange

  func write(to writer: inout JSONWriter) {
    writer.open()
    writer.add("range", range)
    writer.add("uri", uri)
    writer.close()
  }
}

/// A range's text replaced (`TextEdit`).
struct TextEdit: JSONWritable {
  var range: TextRange
  var newText: String

  func write(to writer: inout JSONWriter) {
    writer.open()
    writer.add("newText", newText)
    writer.add("range", range)
    writer.close()
  }
}

/// What is wrong at a range of a document (`Diagnostic`), isle's own,
/// with `data` for a broken link (its suggestion, when there is one).
struct Diagnostic: JSONWritable {
  var range: TextRange
  var severity: Int
  var code: String
  var message: String
  var data: JSONValue? = nil

  func write(to writer: inout JSONWriter) {
    writer.open()
    writer.add("code", code)
    if let data { writer.add("data", data) }
    writer.add("message", message)
    writer.add("range", range)
    writer.add("severity", severity)
    writer.add("source", "isle")
    writer.close()
  }
}

/// `textDocument/publishDiagnostics`' parameters: a document's
/// diagnostics, with the version they are of (none when they are
/// cleared).
struct PublishedDiagnostics: JSONWritable {
  var uri: String
  var version: Int?
  var diagnostics: [Diagnostic]

  func write(to writer: inout JSONWriter) {
    writer.open()
    writer.add("diagnostics", diagnostics)
    writer.add("uri", uri)
    if let version { writer.add("version", version) }
    writer.close()
  }
}

/// A stretch of lines the editor may fold (`FoldingRange`), a region.
struct FoldingRegion: JSONWritable {
  var startLine: Int
  var endLine: Int

  func write(to writer: inout JSONWriter) {
    writer.open()
    writer.add("endLine", endLine)
    writer.add("kind", "region")
    writer.add("startLine", startLine)
    writer.close()
  }
}

/// A link the editor follows (`DocumentLink`): its range and where it
/// leads.
struct DocumentLink: JSONWritable {
  var range: TextRange
  var target: String

  func write(to writer: inout JSONWriter) {
    writer.open()
    writer.add("range", range)
    writer.add("target", target)
    writer.close()
  }
}

/// An occurrence of what the cursor is on (`DocumentHighlight`): its
/// range, and whether it is read there or written (declared).
struct DocumentHighlight: JSONWritable {
  var range: TextRange
  var kind: Int

  func write(to writer: inout JSONWriter) {
    writer.open()
    writer.add("kind", kind)
    writer.add("range", range)
    writer.close()
  }
}
