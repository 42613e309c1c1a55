import JSON
import JSONRPC

/// A position in a text document as the protocol counts it: a 0-based line
/// and a 0-based count of UTF-16 code units into that line.
public struct TextPosition: Sendable, Equatable, Comparable {
  public var line: Int
  public var character: Int

  /// A position from its parts.
  public init(line: Int, character: Int) {
    self.line = line
    self.character = character
  }

  /// Reads `{"line": L, "character": C}`.
  public init(_ json: JSONValue?) throws(ResponseError) {
    guard let line = json?["line"]?.int, let character = json?["character"]?.int, line >= 0,
      character >= 0
    else { throw .invalidParams("a position needs a line and a character, 0 or more") }
    self.init(line: line, character: character)
  }

  /// The position as JSON.
  public var json: JSONValue {
    .object(["line": .int(line), "character": .int(character)])
  }

  public static func < (a: TextPosition, b: TextPosition) -> Bool {
    (a.line, a.character) < (b.line, b.character)
  }
}
