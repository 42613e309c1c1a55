import JSON
import JSONRPC

/// One `contentChanges` entry: a range and its new text, or the whole text
/// when there is no range.
public struct TextChange: Sendable {
  public var range: TextRange?
  public var text: String

  public init(range: TextRange?, text: String) {
    self.range = range
    self.text = text
  }

  public init(_ json: JSONValue) throws(ResponseError) {
    guard let text = json["text"]?.string else {
      throw .invalidParams("a content change without text")
    }
    self.text = text
    if let range = json["range"] { self.range = try TextRange(range) } else { range = nil }
  }
}
