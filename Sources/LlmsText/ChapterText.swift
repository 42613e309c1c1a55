import Outline

/// What llms.txt says of a chapter from its own text: its first
/// paragraph, as plain text on one line, and the first sentence of it.
public enum ChapterText {
  /// The text of the first paragraph at the top level of `bytes`, a
  /// Markdown document (its front matter left out): emphasis and links
  /// as their words, code spans kept in backticks, images and HTML left
  /// out, every run of white space one space. A paragraph left empty so
  /// (a row of badges) or an admonition's first line (`!!! note`) is
  /// passed over; nil when no paragraph has words.
  public static func firstParagraph(_ bytes: [UInt8]) -> String? {
    let hidden = DocumentShape.frontMatterEnd(of: bytes.span)
    let tree = MarkdownDocument.parse(bytes, hidden: hidden)
    var depth = 0
    var collecting = false
    var skipping = 0
    var text = ""
    for step in tree.steps {
      let node = step.node
      if collecting {
        if case .paragraph = node.kind, !step.entering, depth == 2 {
          let words = oneLine(text)
          if !words.isEmpty && !words.hasPrefix("!!!") && !words.hasPrefix("???") { return words }
          collecting = false
          text = ""
        } else if case .image = node.kind {
          skipping += step.entering ? 1 : -1
        } else if step.entering, skipping == 0 {
          text += words(of: node.kind)
        }
      } else if step.entering, depth == 1, case .paragraph = node.kind {
        collecting = true
      }
      if isContainer(node.kind) { depth += step.entering ? 1 : -1 }
    }
    return nil
  }

  /// The words an inline node adds.
  private static func words(of kind: MarkdownNode.Kind) -> String {
    switch kind {
    case .text(let text): return text
    case .code(let code): return "`" + code + "`"
    case .softBreak, .lineBreak: return " "
    default: return ""
    }
  }

  /// True for a node met twice in the visit (entering and leaving).
  private static func isContainer(_ kind: MarkdownNode.Kind) -> Bool {
    switch kind {
    case .text, .code, .softBreak, .lineBreak, .htmlInline, .thematicBreak, .codeBlock,
      .htmlBlock, .footnoteReference:
      return false
    default: return true
    }
  }

  /// `text` with each run of white space one space, trimmed.
  static func oneLine(_ text: String) -> String {
    text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
  }

  /// A paragraph as a summary: whole when it is `limit` characters or
  /// fewer, else as many of its first sentences as fit (the first cut at
  /// a space, with `…`, when even it is longer).
  public static func summary(of paragraph: String, limit: Int = 300) -> String {
    guard paragraph.count > limit else { return paragraph }
    var kept = ""
    var rest = Substring(paragraph)
    while !rest.isEmpty {
      let sentence = firstSentence(of: String(rest), limit: limit)
      let next = kept.isEmpty ? sentence : kept + " " + sentence
      guard next.count <= limit, !sentence.hasSuffix("…") else { break }
      kept = next
      rest = rest.dropFirst(sentence.count).drop { $0 == " " }
    }
    return kept.isEmpty ? firstSentence(of: paragraph, limit: limit) : kept
  }

  /// Words before a full stop that do not end a sentence.
  static let abbreviations: Set<String> = [
    "e.g", "i.e", "etc", "vs", "cf", "mr", "mrs", "ms", "dr", "st", "no", "fig",
  ]

  /// The first sentence of `text` (one line): up to the first `.`, `!` or
  /// `?` followed by a space and no lowercase letter, and not after an
  /// abbreviation or a lone capital (an initial); up to `。！？`. Past
  /// `limit` characters it is cut at a space, with `…`.
  public static func firstSentence(of text: String, limit: Int = 200) -> String {
    let characters = Array(text)
    var end = characters.count
    for (index, character) in characters.enumerated() {
      if "。！？".contains(character) {
        end = index + 1
        break
      }
      guard ".!?".contains(character) else { continue }
      let next = index + 1 < characters.count ? characters[index + 1] : " "
      guard next == " " else { continue }
      if index + 2 < characters.count, characters[index + 2].isLowercase { continue }
      if character == "." {
        let word = String(characters[..<index].reversed().prefix { $0 != " " }.reversed())
        if abbreviations.contains(word.lowercased()) { continue }
        if word.count == 1, word.first?.isUppercase == true { continue }
      }
      end = index + 1
      break
    }
    let sentence = characters[..<end]
    guard sentence.count > limit else { return String(sentence) }
    let cut = sentence[..<limit].lastIndex(of: " ") ?? limit
    return String(sentence[..<cut]).trimmingSuffix(",;:") + "…"
  }
}

extension String {
  /// The string without the characters of `set` at its end.
  fileprivate func trimmingSuffix(_ set: String) -> String {
    var copy = self
    while let last = copy.last, set.contains(last) { copy.removeLast() }
    return copy
  }
}
