/// One node of a stretch of Markdown as cmark-gfm reads it, in Swift
/// values: what it is, what it carries, and where it stands.
public struct MarkdownNode: Sendable, Equatable {
  /// What the node is, with what a layout draws of it.
  public enum Kind: Sendable, Equatable {
    case document
    case quote
    /// A list: the first number of an ordered one (nil for bullets).
    case list(start: Int?, tight: Bool)
    /// A list item: for a task, whether it is checked (nil for no task).
    case item(checked: Bool?)
    case paragraph
    case heading(level: Int)
    /// A code block: its text and its fence's info string.
    case codeBlock(literal: String, info: String)
    case htmlBlock
    case thematicBreak
    case table
    /// A table row, and whether it is the header's.
    case tableRow(header: Bool)
    case tableCell
    case footnoteDefinition
    case text(String)
    case code(String)
    case softBreak
    case lineBreak
    case htmlInline(String)
    case emphasis
    case strong
    case strikethrough
    case link(destination: String?)
    case image
    case footnoteReference(String)
    /// A node no layout draws.
    case other
  }

  public var kind: Kind
  /// Its bytes in the stretch, as cmark places it (an end before its start
  /// taken as an empty range there). Only blocks' are the bytes they
  /// show: cmark gives inline nodes no reliable positions.
  public var range: Range<Int>
  /// The 1-based line of the stretch it starts on.
  public var line: Int

  /// A node from its parts.
  public init(kind: Kind, range: Range<Int>, line: Int) {
    self.kind = kind
    self.range = range
    self.line = line
  }
}
