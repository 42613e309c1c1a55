import Found

/// A heading's content as the text of a link in a contents list: what the
/// heading shows, with its code spans and strikethrough kept as Markdown
/// (`` [`Debug`](#debug) ``, `[~~Old~~](#old)`) and its text escaped by
/// Found's `MarkdownEscape` (`println!` stays as it is). Emphasis, links
/// and inline HTML give their text alone; an image its alt text.
public enum MarkdownLinkText {
  /// The link text for a section of a document in `format`. A heading whose
  /// content reads differently alone than in its document (a reference
  /// link defined elsewhere, an attribute list a site strips) is given as
  /// its title, escaped.
  public static func text(for section: Section, format: DocumentFormat) -> String {
    guard format == .markdown, section.source != section.title,
      let parsed = linkText(of: section.source),
      PlainText.collapsed(parsed.plain) == section.title
    else { return MarkdownEscape.inline(section.title) }
    return PlainText.collapsed(parsed.markdown)
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
        markdown += MarkdownEscape.inline(literal)
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
