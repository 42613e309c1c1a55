/// What a heading says, kept as written for the id rules that start from it.
///
/// Ids are made from the text before any white space is collapsed: GitHub
/// turns each space into `-`, two spaces into `--`, and drops a line break
/// (cmark's soft break, `\n`) without a trace. The displayed title is made
/// from the same text, collapsed.
public struct HeadingText: Sendable, Equatable {
  /// The text as a browser's `textContent` has it: text and code, each line
  /// break as `\n`, image alt text left out (GitHub, GitLab).
  public var plain: String
  /// The same with an image given as its alt text (pandoc's `stringify`,
  /// remark's `toString`, Python-Markdown's and Goldmark's text).
  public var withAlt: String
  /// The heading's content as written in Markdown, markup and all (`#`
  /// marks aside), as Goldmark gives it to Hugo; the text itself elsewhere.
  public var source: String
  /// `plain` as tools with smart punctuation read it (kramdown): `--`,
  /// `---` and `...` outside code spans are dashes and an ellipsis.
  public var smartPlain: String
  /// `withAlt` as tools with smart punctuation read it (pandoc).
  public var smartWithAlt: String

  /// A heading text from its forms; the smart forms default to the others.
  public init(
    plain: String = "", withAlt: String = "", source: String? = nil, smartPlain: String? = nil,
    smartWithAlt: String? = nil
  ) {
    self.plain = plain
    self.withAlt = withAlt
    self.source = source ?? withAlt
    self.smartPlain = smartPlain ?? plain
    self.smartWithAlt = smartWithAlt ?? withAlt
  }

  /// A text with no images and no code in it, the same in both forms.
  public init(_ text: String) {
    var builder = HeadingTextBuilder()
    var text = text
    text.withUTF8 { builder.add($0, inImage: false) }
    self = builder.text
  }
}
