/// A small CSS selector: compounds of a type, `#id` and `.class`es, joined
/// by white space (the descendant combinator): `main`, `#content`,
/// `div.body`, `article .post-body`. Types match in any case, ids and
/// classes exactly.
public struct CSSSelector: Sendable, Equatable, CustomStringConvertible {
  /// One compound: every part given must match the same element.
  public struct Compound: Sendable, Equatable {
    /// The element's type, lowercased; nil for any (`*` or none written).
    public var type: String?
    /// The `id` the element must have, if any.
    public var id: String?
    /// Classes the element must all have.
    public var classes: [String] = []
  }

  /// Outermost first; each is matched by a descendant of the one before.
  public let compounds: [Compound]
  /// The selector as written.
  public let description: String

  /// The selector `text`, or nil when it is not one of the forms above.
  public init?(_ text: String) {
    var compounds: [Compound] = []
    for word in text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }) {
      guard let compound = Self.compound(word) else { return nil }
      compounds.append(compound)
    }
    guard !compounds.isEmpty else { return nil }
    self.compounds = compounds
    self.description = text
  }

  private static func isNameCharacter(_ character: Character) -> Bool {
    !character.isASCII || character.isLetter || character.isNumber || character == "-"
      || character == "_"
  }

  private static func compound(_ word: Substring) -> Compound? {
    var compound = Compound()
    var rest = word
    if rest.first == "*" {
      rest = rest.dropFirst()
    } else {
      let type = rest.prefix(while: isNameCharacter)
      if !type.isEmpty { compound.type = type.lowercased() }
      rest = rest.dropFirst(type.count)
    }
    while let mark = rest.first {
      let name = rest.dropFirst().prefix(while: isNameCharacter)
      guard !name.isEmpty, mark == "#" || mark == "." else { return nil }
      if mark == "#" {
        guard compound.id == nil else { return nil }
        compound.id = String(name)
      } else {
        compound.classes.append(String(name))
      }
      rest = rest.dropFirst(1 + name.count)
    }
    return compound
  }
}
