import JSON
import JSONRPC

/// A stretch of a text document, end exclusive, as the protocol counts it.
public struct TextRange: Sendable, Equatable {
  public var start: TextPosition
  public var end: TextPosition

  /// A range from its ends.
  public init(start: TextPosition, end: TextPosition) {
    self.start = start
    self.end = end
  }

  /// Reads `{"start": …, "end": …}`.
  public init(_ json: JSONValue?) throws(ResponseError) {
    self.init(start: try TextPosition(json?["start"]), end: try TextPosition(json?["end"]))
  }

  /// True when `position` lies within, its ends included (a cursor just
  /// after a link is still on it).
  public func contains(_ position: TextPosition) -> Bool {
    start <= position && position <= end
  }

  /// The range as JSON.
  public var json: JSONValue {
    .object(["start": start.json, "end": end.json])
  }
}

extension JSONWriter {
  /// A member holding `range`, keys sorted as `JSONValue` writes them.
  public mutating func add(_ key: StaticString, _ range: TextRange) {
    self.key(key)
    open()
    add("end", range.end)
    add("start", range.start)
    close()
  }

  /// A member holding `position`, keys sorted as `JSONValue` writes them.
  public mutating func add(_ key: StaticString, _ position: TextPosition) {
    self.key(key)
    open()
    add("character", position.character)
    add("line", position.line)
    close()
  }
}
