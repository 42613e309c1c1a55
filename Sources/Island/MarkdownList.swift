import Outline

/// The contents as the linked list a README carries: `- [Title](#id)`,
/// nested by level; a heading without an id is an item without a link.
///
/// Nesting follows the headings' order, not their raw levels: a heading
/// sits under the nearest earlier one of a shallower level, so a jump from
/// `#` to `###` nests one step, never far enough to become a code block.
/// Each item is indented to its parent's text, which an ordered list's
/// wider markers (`10. `) need. Titles are escaped so the link text renders
/// as the heading's plain text.
public enum MarkdownList {
  /// The list, one item a line, ending in a newline; empty for no sections.
  public static func render(_ sections: [Section], ordered: Bool = false) -> String {
    var output = ""
    // The open ancestors: their level, the column their text starts at, and
    // how many items their children have had.
    var stack: [(level: Int, textColumn: Int, children: Int)] = []
    var topItems = 0
    for section in sections {
      while let last = stack.last, last.level >= section.level { stack.removeLast() }
      let indent = stack.last?.textColumn ?? 0
      let number: Int
      if stack.isEmpty {
        topItems += 1
        number = topItems
      } else {
        stack[stack.count - 1].children += 1
        number = stack[stack.count - 1].children
      }
      let marker = ordered ? "\(number). " : "- "
      // A heading with no anchor is listed without a link.
      let item =
        section.id.map { "[" + escaped(section.title) + "](#" + destination($0) + ")" }
        ?? escaped(section.title)
      output += String(repeating: " ", count: indent) + marker + item + "\n"
      stack.append((section.level, indent + marker.count, 0))
    }
    return output
  }

  /// Backslash-escapes the ASCII punctuation that could start inline
  /// markup in link text.
  static func escaped(_ title: String) -> String {
    var result = ""
    for character in title {
      if "\\`*_[]<>&!|~".contains(character) { result.append("\\") }
      result.append(character)
    }
    return result
  }

  /// An id made safe as a link destination: spaces, parentheses and
  /// control characters percent-encoded.
  static func destination(_ id: String) -> String {
    var result = ""
    for scalar in id.unicodeScalars {
      switch scalar {
      case " ", "(", ")", "<", ">", "\\":
        result += "%" + String(scalar.value, radix: 16, uppercase: true)
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F {
          result +=
            "%" + (scalar.value < 0x10 ? "0" : "")
            + String(scalar.value, radix: 16, uppercase: true)
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result
  }
}
