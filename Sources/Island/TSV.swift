import Cells
import Outline

/// Sections as tab-separated rows, for `cut`, `awk` and `sort`: a header
/// line, then one row per section, with a path column first when there is
/// more than one document. Tabs, newlines and backslashes in a field are
/// written `\t`, `\n`, `\\`, so every row has the same columns.
public enum TSV {
  static let columns = [
    "number", "level", "title", "id", "line", "offset", "endLine", "endOffset", "words", "minutes",
  ]

  /// The header line.
  public static func header(withPath: Bool) -> String {
    ((withPath ? ["path"] : []) + columns).joined(separator: "\t")
  }

  /// One line per section of `document`, each ending in a newline.
  public static func rows(_ document: Document, withPath: Bool) -> String {
    let path = escaped(document.path ?? "-")
    var output = ""
    for section in document.sections {
      var fields = withPath ? [path] : []
      fields += [
        String(section.number), String(section.level), escaped(SafeText.forTerminal(section.title)),
        escaped(section.id ?? ""), String(section.line), String(section.offset),
        String(section.endLine),
        String(section.endOffset), String(section.words), String(section.minutes),
      ]
      output += fields.joined(separator: "\t") + "\n"
    }
    return output
  }

  static func escaped(_ field: String) -> String {
    guard field.contains(where: { $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\\" }) else {
      return field
    }
    var result = ""
    for character in field {
      switch character {
      case "\t": result += "\\t"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\\": result += "\\\\"
      default: result.append(character)
      }
    }
    return result
  }
}
