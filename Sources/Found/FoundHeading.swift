/// A heading as a reader found it, before levels and ids are decided.
struct FoundHeading: Equatable, Sendable {
  var level: Int
  var title: String
  /// The text as written, for ids (`title` is it collapsed).
  var text = HeadingText()
  /// Where it starts in the raw bytes: the first byte of its first line
  /// (Markdown) or of its start tag (HTML).
  var offset: Int
  /// Its own `id`, or its first child anchor's `id` or `name` (HTML).
  var explicitID: String? = nil
  /// Asked to be left out of contents lists (an HTML heading's `no-toc` or
  /// `notoc` class).
  var omitted = false
  /// Where the line after its last starts, when a whole Markdown parse
  /// that finds links said (see `MarkdownBlocks`).
  var endOffset: Int? = nil
}

extension FoundHeading {
  /// A heading whose title and text come from `text`.
  init(level: Int, text: HeadingText, offset: Int, explicitID: String? = nil) {
    self.init(
      level: level, title: PlainText.collapsed(text.withAlt), text: text, offset: offset,
      explicitID: explicitID)
  }
}
