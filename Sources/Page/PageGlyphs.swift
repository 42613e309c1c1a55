/// The marks a page draws around the text: bullets, bars, frames, rules.
/// Unicode by default; `--ascii` draws them with ASCII alone.
public struct PageGlyphs: Sendable, Equatable {
  /// A list's bullets, by depth.
  public var bullets: [String]
  /// A task list's boxes, done and open.
  public var checked: String
  /// (See `checked`.)
  public var unchecked: String
  /// Before each line of a quote.
  public var quote: String
  /// Before each line of code.
  public var codeBar: String
  /// A code frame's top-left corner, and its bottom-left one.
  public var topCorner: String
  /// (See `topCorner`.)
  public var bottomCorner: String
  /// Rules: under a level-2 heading and in frames and breaks; under a
  /// level-1 heading.
  public var rule: Character
  /// (See `rule`.)
  public var heavyRule: Character
  /// Between a table's columns, and where its header rule crosses them.
  public var column: String
  /// (See `column`.)
  public var cross: String
  /// Where a line that does not wrap (code, tables) is cut.
  public var more: Character
  /// Where such a line scrolled sideways has more on its left.
  public var back: Character
  /// Where a table's cell wider than the page is cut.
  public var ellipsis: String
  /// Before a footnote's text.
  public var note: String

  /// Box drawing, bullets and check boxes.
  public static let unicode = PageGlyphs(
    bullets: ["• ", "◦ ", "▪ "], checked: "☑ ", unchecked: "☐ ", quote: "│ ", codeBar: "│ ",
    topCorner: "╭─", bottomCorner: "╰", rule: "─", heavyRule: "━", column: " │ ", cross: "─┼─",
    more: "→", back: "←", ellipsis: "…", note: "※ ")

  /// ASCII alone, for `--ascii`.
  public static let ascii = PageGlyphs(
    bullets: ["* ", "- ", "+ "], checked: "[x] ", unchecked: "[ ] ", quote: "| ", codeBar: "| ",
    topCorner: "+-", bottomCorner: "+", rule: "-", heavyRule: "=", column: " | ", cross: "-+-",
    more: ">", back: "<", ellipsis: "...", note: "* ")

  /// `count` of `rule`.
  func line(_ count: Int, heavy: Bool = false) -> String {
    String(repeating: heavy ? heavyRule : rule, count: max(count, 0))
  }
}
