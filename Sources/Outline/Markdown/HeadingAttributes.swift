import Found
import Slugs

/// An attribute block at the end of a Markdown heading, `## Title {#custom}`,
/// which pandoc, Python-Markdown's `attr_list` (MkDocs), Goldmark (Hugo),
/// kramdown (Jekyll) and Docusaurus read as the heading's id, leaving the
/// rest as its title. GitHub and the others show it as text.
struct HeadingAttributes: Equatable {
  /// The `#id` in the block, if it names one.
  var id: String?
  /// The heading's text before the block, trailing blanks trimmed.
  var text: String

  /// The block at the end of `text`, if the text ends in one that parses:
  /// `{` (with a `:` first when `colon` allows it, as `attr_list` and
  /// kramdown do), then blank-separated `#id`, `.class`, `key=value` or `-`,
  /// then `}`. With `idOnly` (kramdown, Docusaurus) only `{#id}` itself.
  static func parse(_ text: String, colon: Bool, idOnly: Bool) -> HeadingAttributes? {
    if idOnly { return bareID(text) }
    var end = text.endIndex
    while end > text.startIndex, text[text.index(before: end)] == " " {
      end = text.index(before: end)
    }
    guard end > text.startIndex, text[text.index(before: end)] == "}",
      let open = text[..<end].lastIndex(of: "{")
    else { return nil }
    var inside = text[text.index(after: open)..<text.index(before: end)]
    if inside.first == ":" {
      guard colon else { return nil }
      inside = inside.dropFirst()
    }
    var id: String? = nil
    let tokens = inside.split(whereSeparator: { $0 == " " || $0 == "\t" })
    guard !tokens.isEmpty else { return nil }
    for token in tokens {
      if token.first == "#", token.count > 1 {
        id = String(token.dropFirst())
      } else if idOnly {
        return nil
      } else if token.first == ".", let name = token.dropFirst().first,
        name.isLetter || name == "_"
          || token == "-"
      {
        continue
      } else if let equals = token.firstIndex(of: "="), equals != token.startIndex {
        continue
      } else {
        return nil
      }
    }
    var before = text[..<open]
    while before.last == " " || before.last == "\t" { before = before.dropLast() }
    return HeadingAttributes(id: id, text: String(before))
  }

  /// kramdown's and Docusaurus's form: exactly `{#id}`, the id a letter
  /// then letters, digits, `_`, `-` or `:`.
  static func bareID(_ text: String) -> HeadingAttributes? {
    var trimmed = Substring(text)
    while trimmed.last == " " || trimmed.last == "\t" { trimmed = trimmed.dropLast() }
    guard trimmed.hasSuffix("}"), let open = trimmed.lastIndex(of: "{"),
      trimmed[trimmed.index(after: open)...].hasPrefix("#")
    else { return nil }
    let id = trimmed[trimmed.index(open, offsetBy: 2)..<trimmed.index(before: trimmed.endIndex)]
    guard let first = id.first, first.isASCII, first.isLetter,
      id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "_-:".contains($0)) })
    else { return nil }
    var before = trimmed[..<open]
    while before.last == " " || before.last == "\t" { before = before.dropLast() }
    return HeadingAttributes(id: String(id), text: String(before))
  }

  /// Applies the block of `heading`'s text, if `flavor` reads one: its id
  /// becomes the heading's, and the block leaves the title and the text.
  static func apply(to heading: inout FoundHeading, flavor: SlugFlavor) {
    guard flavor.readsAttributes, heading.explicitID == nil else { return }
    let colon = flavor == .mkdocs || flavor == .kramdown
    let idOnly = flavor == .docusaurus || flavor == .kramdown
    guard let plain = parse(heading.text.plain, colon: colon, idOnly: idOnly),
      let withAlt = parse(heading.text.withAlt, colon: colon, idOnly: idOnly)
    else { return }
    heading.explicitID = plain.id
    let source =
      parse(heading.text.source, colon: colon, idOnly: idOnly)?.text ?? heading.text.source
    heading.text = HeadingText(
      plain: plain.text, withAlt: withAlt.text, source: source,
      smartPlain: parse(heading.text.smartPlain, colon: colon, idOnly: idOnly)?.text,
      smartWithAlt: parse(heading.text.smartWithAlt, colon: colon, idOnly: idOnly)?.text)
    heading.title = PlainText.collapsed(withAlt.text)
  }
}
