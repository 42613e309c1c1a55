import Found
import Outline

/// The contents as the linked list a README carries: `- [Title](#id)`,
/// nested by level; a heading without an id is an item without a link,
/// an empty one is left out.
///
/// Nesting follows the headings' order, not their raw levels: a heading
/// sits under the nearest earlier one of a shallower level, so a jump from
/// `#` to `###` nests one step, never far enough to become a code block.
/// Each item is indented at least to its parent's text, which a numbered
/// list's wider markers (`10. `) need. Link text keeps the heading's code
/// spans and strikethrough (see `MarkdownLinkText`).
public enum MarkdownList {
  /// The list, one item a line, ending in a newline; empty for no sections.
  /// With `path`, links point into that file (`path#id`); with `heading`,
  /// the sections nest under one item linking to the file itself.
  public static func render(
    _ sections: [Section], style: ListStyle = ListStyle(), format: DocumentFormat = .markdown,
    path: String? = nil, heading: String? = nil
  ) -> String {
    var output = ""
    // The open ancestors: their level, the column their text starts at, and
    // how many items their children have had.
    var stack: [(level: Int, indent: Int, textColumn: Int, children: Int)] = []
    var topItems = 0
    let file = path.map(destination) ?? ""
    func item(_ level: Int, _ text: String) {
      while let last = stack.last, last.level >= level { stack.removeLast() }
      let indent = stack.last.map { max($0.indent + style.indent, $0.textColumn) } ?? 0
      let number: Int
      if stack.isEmpty {
        topItems += 1
        number = topItems
      } else {
        stack[stack.count - 1].children += 1
        number = stack[stack.count - 1].children
      }
      let marker: String
      switch style.numbering {
      case .bullets: marker = "\(style.bullet) "
      case .ones: marker = "1. "
      case .increment: marker = "\(number). "
      }
      output += String(repeating: " ", count: indent) + marker + text + "\n"
      stack.append((level, indent, indent + marker.count, 0))
    }
    if let heading, let path {
      item(0, "[" + MarkdownEscape.inline(heading) + "](" + destination(path) + ")")
    }
    for section in sections where !section.title.isEmpty {
      let text = MarkdownLinkText.text(for: section, format: format)
      // A heading with no anchor (or an empty one, which leads to the top)
      // is listed without a link, its start escaped as an item's.
      let id = section.id.flatMap { $0.isEmpty ? nil : $0 }
      item(
        section.level,
        id.map { "[" + text + "](" + file + "#" + destination($0) + ")" }
          ?? MarkdownEscape.startEscaped(text))
    }
    return output
  }

  /// An id or path made safe as a link destination: spaces, parentheses,
  /// angle brackets, backslashes and control characters percent-encoded.
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
