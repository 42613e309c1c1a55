/// A title written into Markdown so that it reads back as itself: the one
/// escaper every Markdown isle writes goes through (a contents list's link
/// text, a book's list, llms.txt, the language server's hover). A
/// backslash goes only before what would otherwise change the Markdown, so
/// `println!` and `C:\dir` stay as they are.
public enum MarkdownEscape {
  /// `text` as it reads inside a line (a link's text, between `**`):
  /// backslashes before `` ` ``, `*`, `[`, `]`, `~` and `<`; before `_` at
  /// the edge of a word (inside one it is no emphasis); before `&` where
  /// an entity would follow; and before a `\` that comes before ASCII
  /// punctuation or ends the text (a `]` or `**` follows it there).
  public static func inline(_ text: String) -> String {
    var result = ""
    let characters = Array(text)
    for (index, character) in characters.enumerated() {
      let next = index + 1 < characters.count ? characters[index + 1] : nil
      switch character {
      case "`", "*", "[", "]", "~", "<":
        result.append("\\")
      case "\\":
        if next.map(isASCIIPunctuation) ?? true { result.append("\\") }
      case "_":
        let before = index > 0 ? characters[index - 1] : " "
        if !isWordCharacter(before) || !isWordCharacter(next ?? " ") { result.append("\\") }
      case "&":
        if readsAsEntity(characters[(index + 1)...]) { result.append("\\") }
      default: break
      }
      result.append(character)
    }
    return result
  }

  /// `text` as the start of a block (a list item's text, a paragraph):
  /// escaped as inside a line, and its start too when it would open a
  /// heading (`# `), a quote (`>`), a list (`- `, `+ `, `1. `, `1) `) or a
  /// rule (`---`).
  public static func lineStart(_ text: String) -> String {
    startEscaped(inline(text))
  }

  /// `markdown` (written already, its inlines escaped) with a backslash
  /// where its start would open a block: a heading, a quote, a list or a
  /// rule. `*`, `_`, `` ` ``, `~` and `<` are escaped inline already.
  public static func startEscaped(_ markdown: String) -> String {
    let characters = Array(markdown)
    guard let first = characters.first else { return markdown }
    func endsMarker(_ index: Int) -> Bool {
      index >= characters.count || characters[index] == " " || characters[index] == "\t"
    }
    switch first {
    case ">":
      return "\\" + markdown
    case "#":
      let hashes = characters.prefix { $0 == "#" }.count
      return hashes <= 6 && endsMarker(hashes) ? "\\" + markdown : markdown
    case "+":
      return endsMarker(1) ? "\\" + markdown : markdown
    case "-":
      let rule =
        characters.allSatisfy { $0 == "-" || $0 == " " || $0 == "\t" }
        && characters.count { $0 == "-" } >= 3
      return endsMarker(1) || rule ? "\\" + markdown : markdown
    default:
      // An ordered list's number: at most nine digits, then `.` or `)`.
      let digits = characters.prefix { $0.isASCII && $0.isNumber }.count
      guard (1...9).contains(digits), digits < characters.count,
        characters[digits] == "." || characters[digits] == ")", endsMarker(digits + 1)
      else { return markdown }
      return String(characters[..<digits]) + "\\" + String(characters[digits...])
    }
  }

  /// `#…` or letters and digits then `;`: an entity after `&`.
  private static func readsAsEntity(_ rest: ArraySlice<Character>) -> Bool {
    guard let first = rest.first else { return false }
    if first == "#" { return true }
    for character in rest.prefix(32) {
      if character == ";" { return true }
      guard character.isASCII, character.isLetter || character.isNumber else { return false }
    }
    return false
  }

  /// A letter or digit: an `_` between two is inside a word.
  private static func isWordCharacter(_ character: Character) -> Bool {
    character.isLetter || character.isNumber
  }

  /// What a backslash escapes: `!` to `/`, `:` to `@`, `[` to `` ` ``, `{` to `~`.
  private static func isASCIIPunctuation(_ character: Character) -> Bool {
    guard let ascii = character.asciiValue else { return false }
    return (0x21...0x2F).contains(ascii) || (0x3A...0x40).contains(ascii)
      || (0x5B...0x60).contains(ascii) || (0x7B...0x7E).contains(ascii)
  }
}
