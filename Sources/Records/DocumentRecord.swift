import JSON

/// A document given as a line of JSON (`--records`): `{"path": …,
/// "text": …}`, and any other members, which every record written of it
/// carries unchanged as `meta`, so that a pipeline keeps its own ids.
public struct DocumentRecord: Sendable {
  /// The line of the input it stood on, from 1.
  public let line: Int
  /// Its `path`: the name it is known by in the output, the share it
  /// falls in, and where links among the records lead.
  public let path: String
  /// Its `text`, UTF-8.
  public let text: [UInt8]
  /// Its other members as one JSON object, keys in the order written and
  /// each value as written; `{}` for none.
  public let meta: String

  /// The record `bytes` (one line, without its line feed) hold, or why
  /// it is none.
  public static func read(_ bytes: [UInt8], line: Int) -> Result<DocumentRecord, RecordError> {
    let members: [JSONParser.Member]
    do {
      members = try JSONParser.members(bytes)
    } catch {
      return .failure(
        RecordError(
          line: line, reason: "not a JSON object: \(error.problem) at byte \(error.offset + 1)"))
    }
    var path: JSONValue? = nil
    var text: JSONValue? = nil
    var meta = JSONWriter()
    meta.open()
    for member in members {
      switch member.key {
      case "path": path = member.value
      case "text": text = member.value
      default:
        meta.key(text: member.key)
        meta.json(String(decoding: bytes[member.text], as: UTF8.self))
      }
    }
    meta.close()
    let carried = meta.text
    guard let name = path?.string, !name.isEmpty else {
      let problem = path == nil ? "no \"path\"" : "\"path\" is not a non-empty string"
      return .failure(RecordError(line: line, meta: carried, reason: problem))
    }
    guard let body = text?.string else {
      let problem = text == nil ? "no \"text\"" : "\"text\" is not a string"
      return .failure(RecordError(line: line, path: name, meta: carried, reason: problem))
    }
    return .success(DocumentRecord(line: line, path: name, text: Array(body.utf8), meta: carried))
  }

  /// A record from its parts.
  public init(line: Int, path: String, text: [UInt8], meta: String = "{}") {
    self.line = line
    self.path = path
    self.text = text
    self.meta = meta
  }
}
