import Slugs

/// A heading as a reader found it, before levels and ids are decided.
package struct FoundHeading: Equatable, Sendable {
  package var level: Int
  package var title: String
  /// The text as written, for ids (`title` is it collapsed).
  package var text = HeadingText()
  /// Where it starts in the raw bytes: the first byte of its first line
  /// (Markdown) or of its start tag (HTML).
  package var offset: Int
  /// Its own `id`, or its first child anchor's `id` or `name` (HTML).
  package var explicitID: String? = nil
  /// Asked to be left out of contents lists (an HTML heading's `no-toc` or
  /// `notoc` class).
  package var omitted = false
  /// Where the line after its last starts, when a whole Markdown parse
  /// that finds links said (see `MarkdownBlocks`).
  package var endOffset: Int? = nil

  /// A heading from its parts.
  package init(
    level: Int, title: String, text: HeadingText = HeadingText(), offset: Int,
    explicitID: String? = nil, omitted: Bool = false, endOffset: Int? = nil
  ) {
    self.level = level
    self.title = title
    self.text = text
    self.offset = offset
    self.explicitID = explicitID
    self.omitted = omitted
    self.endOffset = endOffset
  }
}

extension FoundHeading {
  /// A heading whose title and text come from `text`.
  package init(level: Int, text: HeadingText, offset: Int, explicitID: String? = nil) {
    self.init(
      level: level, title: PlainText.collapsed(text.withAlt), text: text, offset: offset,
      explicitID: explicitID)
  }
}
