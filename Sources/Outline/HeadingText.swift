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
  /// The same with image alt text in its place (pandoc's `stringify`,
  /// remark's `toString`, Python-Markdown's and Goldmark's text).
  public var withAlt: String
  /// The heading's content as written in Markdown, markup and all (`#`
  /// marks aside), as Goldmark gives it to Hugo; the text itself elsewhere.
  public var source: String

  /// A heading text from its forms.
  public init(plain: String = "", withAlt: String = "", source: String? = nil) {
    self.plain = plain
    self.withAlt = withAlt
    self.source = source ?? withAlt
  }

  /// A text with no images in it, the same in both forms.
  public init(_ text: String) {
    self.init(plain: text, withAlt: text)
  }
}

/// Collects a heading's text as a reader walks its inline content.
struct HeadingTextBuilder {
  private var plain: [UInt8] = []
  private var withAlt: [UInt8] = []

  /// Adds text; `inImage` for an image's alt text.
  mutating func add(_ bytes: UnsafeBufferPointer<UInt8>, inImage: Bool) {
    if !inImage { plain.append(contentsOf: bytes) }
    withAlt.append(contentsOf: bytes)
  }

  /// Adds a line break, which ids drop and titles read as a space.
  mutating func addBreak() {
    plain.append(0x0A)
    withAlt.append(0x0A)
  }

  /// Where the text stands now, in both forms.
  struct Position {
    var plain: Int
    var withAlt: Int
  }

  /// Where the text stands now.
  var position: Position { Position(plain: plain.count, withAlt: withAlt.count) }

  /// The text (with alt) between two positions.
  func text(from start: Position, to end: Position) -> String {
    String(decoding: withAlt[start.withAlt..<max(start.withAlt, end.withAlt)], as: UTF8.self)
  }

  /// Removes the text between two positions.
  mutating func remove(from start: Position, to end: Position) {
    plain.removeSubrange(start.plain..<max(start.plain, end.plain))
    withAlt.removeSubrange(start.withAlt..<max(start.withAlt, end.withAlt))
  }

  /// The text collected.
  var text: HeadingText {
    HeadingText(
      plain: String(decoding: plain, as: UTF8.self),
      withAlt: String(decoding: withAlt, as: UTF8.self))
  }
}
