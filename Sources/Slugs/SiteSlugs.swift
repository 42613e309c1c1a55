import CUtf8proc

#if canImport(Glibc)
  import Glibc
#endif

/// The id rules of static site generators, each as its tool applies it
/// (checked against the tool itself by `scripts/record-slugs`).
enum SiteSlugs {
  /// pandoc's `auto_identifiers` (`pandoc -f markdown`): the text as
  /// `stringify` has it (image alt included; `--`, `---` and `...` outside
  /// code are dashes and an ellipsis under `smart`, which go), lowercased;
  /// keep letters, numbers, `_`, `-`, `.` and white space; the words joined
  /// by `-`; everything before the first letter dropped; `section` when
  /// empty.
  static func pandoc(_ text: String) -> String {
    var kept = String.UnicodeScalarView()
    for scalar in text.lowercased().unicodeScalars {
      let category = scalar.properties.generalCategory
      if isHaskellSpace(scalar) {
        kept.append(" ")
      } else if isLetter(category) || isNumber(category) || "_-.".unicodeScalars.contains(scalar) {
        kept.append(scalar)
      }
    }
    let words = String(kept).split(separator: " ").joined(separator: "-")
    let id = words.drop { !isLetter($0.unicodeScalars.first!.properties.generalCategory) }
    return String(id)
  }

  /// Python-Markdown's `toc` (MkDocs): NFKD, ASCII alone, drop what is not a
  /// word character, white space or `-`, trim, lowercase, and every run of
  /// white space and `-` one `-`.
  static func mkdocs(_ text: String) -> String {
    var ascii = String.UnicodeScalarView()
    for scalar in text.decomposedCompatibility.unicodeScalars where scalar.isASCII {
      let isWord = scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_"
      if isWord || isPythonSpace(scalar) || scalar == "-" { ascii.append(scalar) }
    }
    let trimmed = String(ascii).trimmingPythonSpace().lowercased()
    var id = ""
    var inRun = false
    for scalar in trimmed.unicodeScalars {
      if isPythonSpace(scalar) || scalar == "-" {
        if !inRun { id.append("-") }
        inRun = true
      } else {
        id.unicodeScalars.append(scalar)
        inRun = false
      }
    }
    return id
  }

  /// Goldmark's `autoHeadingID` as Hugo (0.111, Debian's) sets it
  /// (`github`), over the heading's source as written, markup and link
  /// destinations included: trimmed; each space and `-` a `-`; letters,
  /// decimal digits and `_` kept, lowercased one by one; `heading` when
  /// empty.
  static func hugo(_ text: String) -> String {
    var id = String.UnicodeScalarView()
    for scalar in text.trimmingUnicodeSpace().unicodeScalars {
      let category = scalar.properties.generalCategory
      if scalar == "-" || scalar == " " {
        id.append("-")
      } else if scalar == "_" || isLetter(category) || category == .decimalNumber {
        // Go's unicode.ToLower maps one rune to one: `İ` is `i`, where
        // the full mapping adds a combining dot.
        id.append(scalar.properties.lowercaseMapping.unicodeScalars.first ?? scalar)
      }
    }
    return String(id)
  }

  /// kramdown's GFM parser (Jekyll): GitHub's rule on the text with
  /// kramdown's typography (`--`, `---`, `...` outside code become dashes
  /// and an ellipsis, which go), a tab as a space. Ruby's `\p{Word}`
  /// has no joiners: `a\u{200C}b` is `ab`.
  static func kramdown(_ text: String) -> String {
    var id = String.UnicodeScalarView()
    for scalar in text.lowercased().unicodeScalars {
      if scalar == " " || scalar == "\t" || scalar == "-" {
        id.append("-")
      } else if GitHubSlug.keeps(scalar) {
        id.append(scalar)
      }
    }
    return String(id)
  }

  static func isLetter(_ category: Unicode.GeneralCategory) -> Bool {
    switch category {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter:
      return true
    default: return false
    }
  }

  static func isNumber(_ category: Unicode.GeneralCategory) -> Bool {
    category == .decimalNumber || category == .letterNumber || category == .otherNumber
  }

  /// Haskell's `isSpace`: the ASCII blanks, no-break space, and Zs.
  static func isHaskellSpace(_ scalar: Unicode.Scalar) -> Bool {
    (0x09...0x0D).contains(scalar.value) || scalar == " " || scalar.value == 0xA0
      || scalar.properties.generalCategory == .spaceSeparator
  }

  /// Python's `\s` in ASCII: the blanks and the four separators.
  static func isPythonSpace(_ scalar: Unicode.Scalar) -> Bool {
    (0x09...0x0D).contains(scalar.value) || (0x1C...0x20).contains(scalar.value)
  }
}

extension String {
  /// The text in compatibility decomposition (NFKD), as Python-Markdown
  /// takes it before keeping ASCII: `ﬁ` is `fi`, `é` is `e` and a mark.
  var decomposedCompatibility: String {
    if allSatisfy(\.isASCII) { return self }
    var text = self
    return text.withUTF8 { bytes -> String in
      var copy = Array(bytes) + [0]
      guard let result = copy.withUnsafeMutableBufferPointer({ utf8proc_NFKD($0.baseAddress) })
      else { return self }
      defer { free(result) }
      return String(cString: result)
    }
  }

  func trimmingPythonSpace() -> String { trimming(where: SiteSlugs.isPythonSpace) }

  func trimmingUnicodeSpace() -> String {
    var slice = Substring(self)
    while let first = slice.unicodeScalars.first, first.properties.isWhitespace {
      slice = Substring(slice.unicodeScalars.dropFirst())
    }
    while let last = slice.unicodeScalars.last, last.properties.isWhitespace {
      slice = Substring(slice.unicodeScalars.dropLast())
    }
    return String(slice)
  }
}
