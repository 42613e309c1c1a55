import Found
import Workspace

/// A link destination being typed before the cursor, wherever a document
/// writes one: after `](` (an inline link or image), after `[label]: ` (a
/// reference definition), or in an HTML attribute that holds a URL
/// (`<a href="`, `<img src="`). Each form writes a path its own way.
struct TypedDestination: Equatable {
  /// Where the destination is written.
  enum Form: Equatable {
    /// `[text](` or `![alt](`.
    case link
    /// `[label]: `, at the start of a line.
    case definition
    /// `<tag attribute="`, in double or single quotes.
    case attribute
  }

  /// The first byte of the destination (after `<` when it is written in
  /// angle brackets), in the line before the cursor.
  var start: Int
  /// True when the destination is written in angle brackets.
  var angled: Bool
  /// True for an image or other media (`![alt](`, `<img src>`, `<video
  /// src>`): its fragment names no target in a document.
  var image: Bool
  var form: Form

  /// `path` as this form writes a destination: an attribute's value
  /// with `%` percent-encoded and `&` and the quotes as entities (a space
  /// is a space there); Markdown's as CommonMark reads a destination.
  func written(_ path: String) -> String {
    guard form == .attribute else { return LanguageServer.escapedPath(path, angled: angled) }
    var out = ""
    for character in path {
      switch character {
      case "%": out += "%25"
      case "&": out += "&amp;"
      case "\"": out += "&quot;"
      case "'": out += "&apos;"
      default: out.append(character)
      }
    }
    return out
  }

  /// A path typed here as links read it: in an attribute, the entities
  /// `written` makes (and `&#39;`, `&lt;`, `&gt;`) resolved, then `%XX`
  /// escapes; in Markdown, backslash escapes then `%XX`.
  func decoded(_ typed: String) -> String {
    guard form == .attribute else { return LanguageServer.decodedPath(typed) }
    let entities: [(String, Character)] = [
      ("&quot;", "\""), ("&apos;", "'"), ("&#39;", "'"), ("&lt;", "<"), ("&gt;", ">"),
      ("&amp;", "&"),
    ]
    var text = ""
    var rest = Substring(typed)
    while let first = rest.first {
      if first == "&", let (entity, character) = entities.first(where: { rest.hasPrefix($0.0) }) {
        text.append(character)
        rest = rest.dropFirst(entity.count)
      } else {
        text.append(first)
        rest = rest.dropFirst()
      }
    }
    return PercentDecoding.decoded(text)
  }

  /// The attributes that hold a URL, by element (HTML's names, lower
  /// case); the elements but `a` show media, whose fragment names no target.
  static let urlAttributes: [String: Set<String>] = [
    "a": ["href"], "img": ["src"], "video": ["src", "poster"], "audio": ["src"],
    "source": ["src"],
  ]

  /// The destination being typed at the end of `before` (a line up to the
  /// cursor), in any of the forms; nil when the cursor is in none.
  static func of(_ before: [UInt8]) -> TypedDestination? {
    if let inline = LanguageServer.typedDestination(before) {
      return TypedDestination(
        start: inline.start, angled: inline.angled, image: inline.image, form: .link)
    }
    return definition(before) ?? attribute(before)
  }

  /// `[label]: ` and what follows it, at the start of the line (after
  /// white space): a label of one character or more, not a footnote's
  /// (`[^1]:`); the destination as far as typed, with no white space in
  /// it unless it is in angle brackets.
  static func definition(_ before: [UInt8]) -> TypedDestination? {
    var index = 0
    while index < before.count && (before[index] == 0x20 || before[index] == 0x09) { index += 1 }
    guard index < before.count, before[index] == 0x5B else { return nil }
    index += 1
    let labelStart = index
    while index < before.count && before[index] != 0x5D {
      if before[index] == 0x5B { return nil }
      // A backslash escapes the next bracket.
      index += before[index] == 0x5C ? 2 : 1
    }
    guard index > labelStart, before[labelStart] != 0x5E, index + 1 < before.count,
      before[index + 1] == 0x3A
    else { return nil }
    var start = index + 2
    while start < before.count && (before[start] == 0x20 || before[start] == 0x09) { start += 1 }
    let angled = start < before.count && before[start] == 0x3C
    if angled { start += 1 }
    let ended: Set<UInt8> = angled ? [0x3E] : [0x20, 0x09]
    guard !before[start...].contains(where: { ended.contains($0) }) else { return nil }
    return TypedDestination(start: start, angled: angled, image: false, form: .definition)
  }

  /// `<tag … attribute="` and the value as far as typed, for the
  /// attributes of `urlAttributes` (names in any case).
  static func attribute(_ before: [UInt8]) -> TypedDestination? {
    guard let quote = before.lastIndex(where: { $0 == 0x22 || $0 == 0x27 }), quote >= 2,
      before[quote - 1] == 0x3D
    else { return nil }
    let nameEnd = quote - 1
    var nameStart = nameEnd
    while nameStart > 0 && isNameByte(before[nameStart - 1]) { nameStart -= 1 }
    guard nameStart < nameEnd, nameStart > 0,
      before[nameStart - 1] == 0x20 || before[nameStart - 1] == 0x09
    else { return nil }
    // The tag the attribute is in: the last `<` before it, not closed.
    guard let open = before[..<nameStart].lastIndex(of: 0x3C),
      !before[open..<nameStart].contains(0x3E)
    else { return nil }
    var tagEnd = open + 1
    while tagEnd < nameStart && isNameByte(before[tagEnd]) { tagEnd += 1 }
    let tag = String(decoding: before[(open + 1)..<tagEnd], as: UTF8.self).lowercased()
    let name = String(decoding: before[nameStart..<nameEnd], as: UTF8.self).lowercased()
    guard tagEnd < nameStart, urlAttributes[tag]?.contains(name) == true else { return nil }
    return TypedDestination(start: quote + 1, angled: false, image: tag != "a", form: .attribute)
  }

  /// A letter, digit, `-` or `_`: what HTML's names are made of here.
  private static func isNameByte(_ byte: UInt8) -> Bool {
    (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
      || byte == 0x2D || byte == 0x5F
  }
}
