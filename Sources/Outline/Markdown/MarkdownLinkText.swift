import Found

/// A heading's content as the text of a link in a contents list: what the
/// heading shows, with its code spans and strikethrough kept as Markdown
/// (`` [`Debug`](#debug) ``, `[~~Old~~](#old)`) and backslashes only
/// before what would otherwise change the Markdown (`println!` stays as it
/// is). Emphasis, links and inline HTML give their text alone; an image its
/// alt text.
public enum MarkdownLinkText {
  /// The link text for a section of a document in `format`. A heading whose
  /// content reads differently alone than in its document (a reference
  /// link defined elsewhere, an attribute list a site strips) is given as
  /// its title, escaped.
  public static func text(for section: Section, format: DocumentFormat) -> String {
    guard format == .markdown, section.source != section.title,
      let parsed = linkText(of: section.source),
      PlainText.collapsed(parsed.plain) == section.title
    else { return escaped(section.title) }
    return PlainText.collapsed(parsed.markdown)
  }

  /// Backslash-escapes what could start inline markup in link text: `\`,
  /// `` ` ``, `*`, `[`, `]`, `~`, `<`; `_` at the edge of a word (inside
  /// one it is no emphasis); `&` before what would read as an entity.
  public static func escaped(_ text: String) -> String {
    var result = ""
    let characters = Array(text)
    for (index, character) in characters.enumerated() {
      switch character {
      case "\\", "`", "*", "[", "]", "~", "<":
        result.append("\\")
      case "_":
        let before = index > 0 ? characters[index - 1] : " "
        let after = index + 1 < characters.count ? characters[index + 1] : " "
        if !(before.isLetter || before.isNumber) || !(after.isLetter || after.isNumber) {
          result.append("\\")
        }
      case "&":
        if readsAsEntity(characters[(index + 1)...]) { result.append("\\") }
      default: break
      }
      result.append(character)
    }
    return result
  }

  /// `#…;` or letters and digits then `;`: an entity after `&`.
  private static func readsAsEntity(_ rest: ArraySlice<Character>) -> Bool {
    guard let first = rest.first else { return false }
    if first == "#" { return true }
    for character in rest.prefix(32) {
      if character == ";" { return true }
      guard character.isASCII, character.isLetter || character.isNumber else { return false }
    }
    return false
  }

  /// A code span around `code`, its fence longer than any run of
  /// backticks inside, padded where the content would lose a space.
  static func codeSpan(_ code: String) -> String {
    var longest = 0
    var run = 0
    for character in code {
      run = character == "`" ? run + 1 : 0
      longest = max(longest, run)
    }
    let fence = String(repeating: "`", count: longest + 1)
    let pad =
      code.hasPrefix("`") || code.hasSuffix("`")
      || (code.hasPrefix(" ") && code.hasSuffix(" ") && code.contains { $0 != " " })
    return fence + (pad ? " " : "") + code + (pad ? " " : "") + fence
  }

  /// The link text of a heading's content parsed alone, and its plain text
  /// to check it against the title; nil when it reads as more than one
  /// paragraph's text: a walk of its `MarkdownDocument`.
  static func linkText(of source: String) -> (markdown: String, plain: String)? {
    var markdown = ""
    var plain = ""
    var blocks = 0
    // Code spans with nothing between them once emphasis is dropped would
    // run together into one fence; they are written as one span.
    var code: String? = nil
    func flushCode() {
      if let pending = code { markdown += codeSpan(pending) }
      code = nil
    }
    for step in MarkdownDocument.parse(headingText: source).steps {
      switch step.node.kind {
      case .document: break
      case .paragraph:
        if step.entering { blocks += 1 }
      case .text(let literal):
        flushCode()
        markdown += escaped(literal)
        plain += literal
      case .code(let literal):
        code = (code ?? "") + literal
        plain += literal
      case .softBreak, .lineBreak:
        flushCode()
        markdown += " "
        plain += " "
      case .emphasis, .strong, .link, .image, .htmlInline, .footnoteReference, .other:
        break
      case .strikethrough:
        flushCode()
        markdown += "~~"
      case .quote, .list, .item, .heading, .codeBlock, .htmlBlock, .thematicBreak, .table,
        .tableRow, .tableCell, .footnoteDefinition:
        // A heading's content that reads as a list, a quote or a rule
        // alone is not what the heading shows.
        return nil
      }
    }
    flushCode()
    return blocks == 1 ? (markdown, plain) : nil
  }
}
