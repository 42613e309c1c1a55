import Cells

/// Tabs as a terminal shows them: spaces to the next stop, every eight
/// cells (the stops a terminal sets, and `less`, `cat` and a browser's
/// `<pre>` keep), counted in cells as the text is drawn (a wide character
/// takes two, a mark none, a control character its one-cell symbol).
enum TabStops {
  /// Cells from one stop to the next.
  static let every = 8

  /// `text` with each tab turned into the spaces that reach the next stop.
  static func expand(_ text: String) -> String {
    guard text.contains("\t") else { return text }
    var result = ""
    var column = 0
    for character in text {
      if character == "\t" {
        let spaces = every - column % every
        result += String(repeating: " ", count: spaces)
        column += spaces
      } else {
        result.append(character)
        column += character.isASCII ? 1 : Cells.width(of: character)
      }
    }
    return result
  }
}
