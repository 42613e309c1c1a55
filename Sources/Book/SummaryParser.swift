/// Reads SUMMARY.md line by line: where it is (before, in or after the
/// numbered chapters), the nesting of the list it is in, and the numbers.
struct SummaryParser {
  let file: String
  var entries: [Chapter] = []
  /// True once a list item (a numbered chapter) or a part title is seen.
  private var numbered = false
  /// True once text follows the numbered chapters: suffix chapters.
  private var suffix = false
  /// The indents of the open list items, outermost first.
  private var indents: [Int] = []
  /// The next number at each depth.
  private var counters: [Int] = [0]
  private var sawTitle = false
  private var sawAnything = false

  init(file: String) { self.file = file }

  mutating func take(_ text: Substring, line: Int) throws(BookError) {
    let body = trim(text)
    guard !body.isEmpty else { return }
    defer { sawAnything = true }
    if body.hasPrefix("#") {
      let title = trim(body.drop(while: { $0 == "#" }))
      // The first heading before anything else is the summary's own title.
      if !sawAnything && !sawTitle {
        sawTitle = true
        return
      }
      if suffix { throw BookError(file, line: line, "a part title after the suffix chapters") }
      numbered = true
      indents = []
      entries.append(Chapter(kind: .part, title: Summary.plain(title), line: line))
      return
    }
    if Self.isRule(body) {
      indents = []
      entries.append(Chapter(kind: .separator, title: nil, line: line))
      return
    }
    if let item = Self.listItem(text) {
      try number(item.body, indent: item.indent, line: line)
      return
    }
    guard let link = Summary.link(body) else {
      if !indents.isEmpty { return }  // an item's continuation text
      throw BookError(file, line: line, "expected a link such as [Title](file.md), got '\(body)'")
    }
    if numbered { suffix = true }
    indents = []
    entries.append(
      try chapter(link, kind: suffix ? .suffix : .prefix, number: [], depth: 0, line: line))
  }

  /// A list item: a numbered chapter, nested under the open items less
  /// indented than it.
  private mutating func number(_ body: Substring, indent: Int, line: Int) throws(BookError) {
    if suffix {
      throw BookError(file, line: line, "a numbered chapter after the suffix chapters")
    }
    guard let link = Summary.link(trim(body)) else {
      throw BookError(
        file, line: line, "a list item that is no link: '\(trim(body))' (write [Title](file.md))")
    }
    numbered = true
    while let last = indents.last, last >= indent { indents.removeLast() }
    indents.append(indent)
    let depth = indents.count - 1
    if counters.count <= depth {
      counters += Array(repeating: 0, count: depth + 1 - counters.count)
    }
    counters[depth] += 1
    counters.removeSubrange((depth + 1)...)
    counters.append(0)
    let number = Array(counters[0...depth])
    entries.append(try chapter(link, kind: .numbered, number: number, depth: depth, line: line))
  }

  private func chapter(
    _ link: (title: String, destination: String), kind: Chapter.Kind, number: [Int], depth: Int,
    line: Int
  ) throws(BookError) -> Chapter {
    guard !link.destination.isEmpty else {
      return Chapter(kind: .draft, title: link.title, number: number, depth: depth, line: line)
    }
    let decoded = Self.withoutFragment(link.destination)
    guard let path = BookPath.inside(decoded) else {
      throw BookError(file, line: line, "'\(link.destination)' leaves the book's folder")
    }
    return Chapter(
      kind: kind, title: link.title, path: path, number: number, depth: depth, line: line)
  }

  /// The destination without a `#fragment` and with `%20` spaces decoded.
  static func withoutFragment(_ destination: String) -> String {
    let path = destination.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
    return String(path).replacing("%20", with: " ")
  }

  /// `---`, `***` or `___` (three or more, spaces between allowed).
  static func isRule(_ body: Substring) -> Bool {
    let marks = body.filter { $0 != " " }
    guard marks.count >= 3, let first = marks.first, "-*_".contains(first) else { return false }
    return marks.allSatisfy { $0 == first }
  }

  /// The indent (tabs as four) and body of a `-`, `*` or `+` list item.
  static func listItem(_ text: Substring) -> (indent: Int, body: Substring)? {
    var indent = 0
    var index = text.startIndex
    while index < text.endIndex, text[index] == " " || text[index] == "\t" {
      indent += text[index] == "\t" ? 4 : 1
      index = text.index(after: index)
    }
    guard index < text.endIndex, "-*+".contains(text[index]) else { return nil }
    let after = text.index(after: index)
    guard after < text.endIndex, text[after] == " " || text[after] == "\t" else { return nil }
    return (indent, text[after...])
  }
}
