/// How a title becomes an anchor id.
public enum SlugFlavor: String, Sendable, CaseIterable {
  /// GitHub's: drop what is not a letter, mark, number, `_`, `-` or space,
  /// and turn each space into `-`, without trimming or collapsing.
  case github
  /// GitLab's: as GitHub's, then runs of `-` collapse to one.
  case gitlab
}

/// Turns titles into anchor ids, unique within one document.
///
/// Duplicates get `-1`, `-2`… after the first, skipping any id already
/// taken, as github-slugger does: `echo`, `echo`, `echo 1`, `echo-1`, `echo`
/// become `echo`, `echo-1`, `echo-1-1`, `echo-1-2`, `echo-2`.
public struct Slugger: Sendable {
  /// The flavour of every id this slugger makes.
  public let flavor: SlugFlavor
  private var occurrences: [String: Int] = [:]

  /// A slugger that has handed out no ids yet.
  public init(flavor: SlugFlavor = .github) {
    self.flavor = flavor
  }

  /// Reserves `id` as taken, as an explicit HTML `id` is.
  public mutating func reserve(_ id: String) {
    if occurrences[id] == nil { occurrences[id] = 0 }
  }

  /// The unique id for `title`.
  public mutating func slug(_ title: String) -> String {
    let base = Self.base(title, flavor: flavor)
    var result = base
    while occurrences[result] != nil {
      let count = occurrences[base, default: 0] + 1
      occurrences[base] = count
      result = "\(base)-\(count)"
    }
    occurrences[result] = 0
    return result
  }

  /// The id for `title` before duplicates are considered.
  public static func base(_ title: String, flavor: SlugFlavor) -> String {
    asciiBase(title, flavor: flavor) ?? unicodeBase(title, flavor: flavor)
  }

  /// The same, scalar by scalar, by Unicode's general categories.
  static func unicodeBase(_ title: String, flavor: SlugFlavor) -> String {
    var slug = String.UnicodeScalarView()
    for scalar in title.lowercased().unicodeScalars {
      if scalar == " " || scalar == "-" {
        if flavor == .gitlab, slug.last == "-" { continue }
        slug.append("-")
        continue
      }
      switch scalar.properties.generalCategory {
      case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
        .nonspacingMark, .spacingMark, .enclosingMark,
        .decimalNumber, .letterNumber, .otherNumber,
        .connectorPunctuation:
        slug.append(scalar)
      default:
        continue
      }
    }
    return String(slug)
  }

  /// The same for a title of ASCII alone (most of them), byte by byte:
  /// letters lowercased, digits and `_` kept, space and `-` as `-`. Nil
  /// for any other title.
  static func asciiBase(_ title: String, flavor: SlugFlavor) -> String? {
    var title = title
    return title.withUTF8 { bytes -> String? in
      var slug: [UInt8] = []
      slug.reserveCapacity(bytes.count)
      for byte in bytes {
        switch byte {
        case 0x80...: return nil
        case 0x41...0x5A: slug.append(byte + 0x20)
        case 0x61...0x7A, 0x30...0x39, 0x5F: slug.append(byte)
        case 0x20, 0x2D:
          if flavor == .gitlab, slug.last == 0x2D { continue }
          slug.append(0x2D)
        default: continue
        }
      }
      return String(decoding: slug, as: UTF8.self)
    }
  }
}
