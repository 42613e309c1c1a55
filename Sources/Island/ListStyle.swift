/// How a contents list in Markdown is drawn: bullets or numbers, which
/// bullet, how deep each level is indented.
public struct ListStyle: Sendable, Equatable {
  /// Bullets, or numbers as `1.` on every item or counting up.
  public enum Numbering: String, Sendable, CaseIterable {
    case bullets
    /// `1.` on every item: a list that reorders without a diff on every line.
    case ones
    /// `1.`, `2.`, `3.`, each level counting on its own.
    case increment
  }

  /// Bullets or numbers.
  public var numbering: Numbering
  /// `-`, `*` or `+`.
  public var bullet: Character
  /// Spaces a child is indented past its parent (2 or 4), at least to the
  /// parent's text, as a numbered item's wider marker needs.
  public var indent: Int

  /// A style; the default is `-` bullets indented by two.
  public init(numbering: Numbering = .bullets, bullet: Character = "-", indent: Int = 2) {
    self.numbering = numbering
    self.bullet = bullet
    self.indent = indent
  }
}
