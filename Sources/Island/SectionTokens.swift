/// What `toc --format json` says of a document's tokens: the tokenizer's
/// name (`estimate` without one), and the tokens of the text `show N`
/// prints for each section, its subsections with it (none for an HTML
/// page, whose text is laid out).
public struct SectionTokens: Sendable {
  public var tokenizer: String
  /// The text before the first section's.
  public var preamble: Int? = nil
  /// Each section's, in order; empty for an HTML page.
  public var sections: [Int] = []

  public init(tokenizer: String) { self.tokenizer = tokenizer }
}
