import CCmarkGFM
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
      let parsed = MarkdownParser.linkText(of: section.source),
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
}

extension MarkdownParser {
  /// The link text of a heading's content parsed alone, and its plain text
  /// to check it against the title; nil when it cannot be parsed.
  static func linkText(of source: String) -> (markdown: String, plain: String)? {
    cmark_gfm_core_extensions_ensure_registered()
    guard let parser = cmark_parser_new(CMARK_OPT_VALIDATE_UTF8) else { return nil }
    defer { cmark_parser_free(parser) }
    for name in ["strikethrough", "autolink"] {
      if let syntax = cmark_find_syntax_extension(name) {
        cmark_parser_attach_syntax_extension(parser, syntax)
      }
    }
    var source = source
    source.withUTF8 { bytes in
      bytes.withMemoryRebound(to: CChar.self) {
        cmark_parser_feed(parser, $0.baseAddress, $0.count)
      }
    }
    guard let root = finish(parser) else { return nil }
    defer { cmark_node_free(root) }
    guard let events = Events(root) else { return nil }
    var markdown = ""
    var plain = ""
    var blocks = 0
    // Code spans with nothing between them once emphasis is dropped would
    // run together into one fence; they are written as one span.
    var code: String? = nil
    func flushCode() {
      if let pending = code { markdown += MarkdownLinkText.codeSpan(pending) }
      code = nil
    }
    while let (node, entering) = events.next() {
      let type = cmark_node_get_type(node)
      let literal = cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
      switch type {
      case CMARK_NODE_DOCUMENT: break
      case CMARK_NODE_PARAGRAPH:
        if entering { blocks += 1 }
      case CMARK_NODE_TEXT:
        flushCode()
        markdown += MarkdownEscape.inline(literal)
        plain += literal
      case CMARK_NODE_CODE:
        code = (code ?? "") + literal
        plain += literal
      case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
        flushCode()
        markdown += " "
        plain += " "
      case CMARK_NODE_EMPH, CMARK_NODE_STRONG, CMARK_NODE_LINK, CMARK_NODE_IMAGE,
        CMARK_NODE_HTML_INLINE:
        break
      default:
        if String(cString: cmark_node_get_type_string(node)) == "strikethrough" {
          flushCode()
          markdown += "~~"
        } else if type.rawValue & UInt32(CMARK_NODE_TYPE_MASK) == UInt32(CMARK_NODE_TYPE_BLOCK) {
          // A heading's content that reads as a list, a quote or a rule
          // alone is not what the heading shows.
          return nil
        }
      }
    }
    flushCode()
    return blocks == 1 ? (markdown, plain) : nil
  }
}
