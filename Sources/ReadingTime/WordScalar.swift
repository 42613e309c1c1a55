/// What a scalar is to word counting: it ends a word, it is a letter or
/// number (a word needs one), or it is something else inside a word.
enum WordScalar: Equatable {
  case separator
  case letter
  case other

  /// The class of the scalars most prose outside ASCII is written in,
  /// known without looking up Unicode properties each time (a lookup costs
  /// some hundreds of instructions): Latin, Greek, Cyrillic, Hebrew, Arabic
  /// and Persian letters and digits, Thai letters, the common spaces,
  /// dashes and quotes by their ranges; the Indic scripts, CJK punctuation
  /// and the fullwidth forms from tables looked up once, on first use. Nil
  /// for the rest, which the properties decide.
  static func quick(_ value: UInt32) -> WordScalar? {
    switch value {
    case 0x900..<0xE00: return indic[Int(value) - 0x900]
    case 0x3000..<0x3040: return cjkSymbols[Int(value) - 0x3000]
    case 0xFF00..<0xFFF0: return fullwidth[Int(value) - 0xFF00]
    case 0xA0, 0x2000...0x200A: return .separator  // no-break and typographic spaces
    case 0x2010...0x2015: return .separator  // hyphens and dashes
    case 0x2016...0x2027: return .other  // quotes, bullets, the ellipsis
    case 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x24F: return .letter  // Latin
    case 0x391...0x3A1, 0x3A3...0x3CE: return .letter  // Greek
    case 0x400...0x481, 0x48A...0x52F: return .letter  // Cyrillic
    case 0x5D0...0x5EA: return .letter  // Hebrew
    case 0x620...0x64A, 0x660...0x669, 0x671...0x6D3, 0x6F0...0x6F9: return .letter  // Arabic
    case 0xE01...0xE30: return .letter  // Thai
    default: return nil
    }
  }

  private static let indic = table(0x900..<0xE00)
  private static let cjkSymbols = table(0x3000..<0x3040)
  private static let fullwidth = table(0xFF00..<0xFFF0)

  private static func table(_ values: Range<UInt32>) -> [WordScalar] {
    values.map { Unicode.Scalar($0).map(looked(up:)) ?? .other }
  }

  /// The class from the scalar's general category.
  static func looked(up scalar: Unicode.Scalar) -> WordScalar {
    switch scalar.properties.generalCategory {
    case .spaceSeparator, .lineSeparator, .paragraphSeparator, .control, .dashPunctuation:
      return .separator
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
      .decimalNumber, .letterNumber, .otherNumber:
      return .letter
    default:
      return .other
    }
  }
}
