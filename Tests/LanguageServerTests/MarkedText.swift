@testable import Workspace
import JSON
import LanguageServer

/// A fixture with the ranges a test expects marked in it: `«` opens one
/// and `»` closes it. The text is the fixture without the marks, and each
/// range is where its marks stood, as the protocol counts positions.
struct MarkedText {
  var text = ""
  var ranges: [TextRange] = []

  init(_ marked: String) {
    var opened: [TextPosition] = []
    var line = 0
    var character = 0
    for scalar in marked.unicodeScalars {
      switch scalar {
      case "«":
        opened.append(TextPosition(line: line, character: character))
      case "»":
        ranges.append(
          TextRange(start: opened.removeLast(), end: TextPosition(line: line, character: character))
        )
      default:
        text.unicodeScalars.append(scalar)
        if scalar == "\n" {
          line += 1
          character = 0
        } else {
          character += scalar.utf16.count
        }
      }
    }
    ranges.sort { $0.start < $1.start }
  }

  /// `line:character-line:character` of a range, as the tests compare them.
  static func shown(_ range: TextRange) -> String {
    "\(range.start.line):\(range.start.character)-\(range.end.line):\(range.end.character)"
  }

  /// The ranges, shown.
  var shown: [String] { ranges.map(Self.shown) }

  /// The range of a JSON location or link, shown.
  static func shown(_ json: JSONValue?) -> String {
    (try? TextRange(json?["range"])).map(shown) ?? "?"
  }
}
