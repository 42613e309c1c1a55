import Found

/// A book's llms.txt, as llmstxt.org has it: the title as `#`, the
/// summary as a `>` line, then each section a `##` and a list of
/// `- [title](url): note`, the note the chapter's first sentence, its
/// reading time and its size in tokens.
public enum LlmsIndex {
  /// One chapter's link and what its note says.
  public struct Page: Sendable, Equatable {
    public var title: String
    public var url: String
    /// The first sentence of its first paragraph, when it has one.
    public var sentence: String?
    /// Its share of the book's minutes; nil when it has no words at all.
    public var minutes: Int?
    public var tokens: Int

    public init(title: String, url: String, sentence: String?, minutes: Int?, tokens: Int) {
      self.title = title
      self.url = url
      self.sentence = sentence
      self.minutes = minutes
      self.tokens = tokens
    }
  }

  /// The text of llms.txt. `estimated`: the tokens are an estimate,
  /// written `~N tokens`.
  public static func text(
    title: String, summary: String?, sections: [(title: String, pages: [Page])],
    estimated: Bool
  ) -> String {
    var text = "# \(ChapterText.oneLine(title))\n\n"
    if let summary, !summary.isEmpty { text += "> \(ChapterText.oneLine(summary))\n\n" }
    text += about(estimated: estimated, optional: sections.contains { $0.title == LlmsPlan.optional })
    for section in sections where !section.pages.isEmpty {
      text += "## \(ChapterText.oneLine(section.title))\n\n"
      for page in section.pages {
        let title = MarkdownEscape.inline(ChapterText.oneLine(page.title))
        text += "- [\(title)](\(page.url)): \(note(page, estimated: estimated))\n"
      }
      text += "\n"
    }
    return text.hasSuffix("\n\n") ? String(text.dropLast()) : text
  }

  /// The paragraph after the summary: how to read the lists (llms-txt's
  /// own parser takes the summary only when something follows it).
  static func about(estimated: Bool, optional: Bool) -> String {
    "Each link is a chapter, in the book's order, with its first sentence, its reading time "
      + "and its size in tokens\(estimated ? " (estimated)" : "")."
      + (optional ? " The chapters under Optional may be skipped." : "") + "\n\n"
  }

  /// `First sentence. (2 min, ~450 tokens)`.
  static func note(_ page: Page, estimated: Bool) -> String {
    var figures: [String] = []
    if let minutes = page.minutes { figures.append(minutes == 0 ? "< 1 min" : "\(minutes) min") }
    figures.append((estimated ? "~" : "") + "\(page.tokens) tokens")
    let joined = figures.joined(separator: ", ")
    guard let sentence = page.sentence, !sentence.isEmpty else { return joined }
    return sentence + " (" + joined + ")"
  }
}
