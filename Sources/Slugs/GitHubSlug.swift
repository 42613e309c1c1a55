/// GitHub's rule for a heading's id, and the flavours that share it
/// (GitLab's, Docusaurus's through github-slugger).
///
/// Lowercase the text as written; keep what is Alphabetic, a Mark, a
/// Decimal_Number or Connector_Punctuation, and space and `-`; every
/// space becomes `-`. Nothing is trimmed or collapsed, so `A  B` is `a--b`
/// and `Foo\u{a0}Bar` is `foobar`. These are the properties github-slugger's
/// fixtures (captured from GitHub) pin: `½` and `²` go, `Ⓐ` and `🅰` stay.
enum GitHubSlug {
  /// GitHub's id for `text` before duplicates are considered.
  static func base(_ text: String) -> String {
    asciiBase(text) ?? unicodeBase(text)
  }

  /// GitLab's: the text trimmed, then GitHub's rule with runs of `-`
  /// collapsed to one; an id of digits alone is prefixed `anchor-` (it
  /// would read as an issue number).
  static func gitlabBase(_ text: String) -> String {
    var result = ""
    for character in base(text.trimmingUnicodeSpace())
    where !(character == "-" && result.last == "-") {
      result.append(character)
    }
    if !result.isEmpty, result.allSatisfy({ $0.isASCII && $0.isNumber }) {
      return "anchor-" + result
    }
    return result
  }

  /// Whether GitHub keeps `scalar` (already lowercased) in an id.
  static func keeps(_ scalar: Unicode.Scalar) -> Bool {
    let properties = scalar.properties
    if properties.isAlphabetic { return true }
    switch properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .connectorPunctuation:
      return true
    default:
      return false
    }
  }

  /// The rule scalar by scalar.
  static func unicodeBase(_ text: String) -> String {
    var slug = String.UnicodeScalarView()
    for scalar in text.lowercased().unicodeScalars {
      if scalar == " " || scalar == "-" {
        slug.append("-")
      } else if keeps(scalar) {
        slug.append(scalar)
      }
    }
    return String(slug)
  }

  /// The same for a text of ASCII alone (most of them), byte by byte:
  /// letters lowercased, digits and `_` kept, space and `-` as `-`. Nil
  /// for any other text.
  static func asciiBase(_ text: String) -> String? {
    var text = text
    return text.withUTF8 { bytes -> String? in
      var slug: [UInt8] = []
      slug.reserveCapacity(bytes.count)
      for byte in bytes {
        switch byte {
        case 0x80...: return nil
        case 0x41...0x5A: slug.append(byte + 0x20)
        case 0x61...0x7A, 0x30...0x39, 0x5F: slug.append(byte)
        case 0x20, 0x2D: slug.append(0x2D)
        default: continue
        }
      }
      return String(decoding: slug, as: UTF8.self)
    }
  }
}
