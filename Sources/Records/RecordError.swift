import Cells
import JSON

/// A line of `--records` input that gives no document, or a document that
/// could not be read: said in its turn as one JSON record (`path`,
/// `line`, `error`, `meta`), and on standard error, while the rest goes on.
public struct RecordError: Error, Sendable {
  /// The line it stood on, from 1.
  public var line: Int
  /// Its `path`, when it gave one.
  public var path: String? = nil
  /// Its other members (`DocumentRecord.meta`), when it was an object.
  public var meta: String? = nil
  /// Why, in words.
  public var reason: String

  /// A problem from its parts.
  public init(line: Int, path: String? = nil, meta: String? = nil, reason: String) {
    self.line = line
    self.path = path
    self.meta = meta
    self.reason = reason
  }

  /// The problem of `record`, which could not be read for `reason`.
  public init(_ record: DocumentRecord, reason: String) {
    self.init(line: record.line, path: record.path, meta: record.meta, reason: reason)
  }

  /// The one-line error on standard error: `isle: error: <stdin>:7: no "text"`.
  public var message: String {
    "isle: error: <stdin>:\(line): "
      + (path.map { SafeText.forTerminal($0) + ": " } ?? "") + reason
  }

  /// The JSON record, and a line feed.
  public var json: [UInt8] {
    var object = JSONWriter()
    object.open()
    object.add("path", path)
    object.add("line", line)
    object.add("error", reason)
    object.key("meta")
    if let meta { object.json(meta) } else { object.null() }
    object.close()
    var bytes: [UInt8] = []
    object.finish(into: &bytes)
    return bytes
  }
}
