/// The id rules of hosted wikis and forges that no tool here can run:
/// Azure DevOps, Bitbucket Cloud, Gitea and Forgejo, as their documentation
/// and the editors that copy them describe.
enum WikiSlugs {
  /// Azure DevOps: trimmed, lowercased, each space separator a `-`, then
  /// percent-encoded as `encodeURIComponent` does, `!'()*` too.
  static func azure(_ text: String) -> String {
    let lowered = text.trimmingUnicodeSpace().lowercased()
    var id = ""
    for scalar in lowered.unicodeScalars {
      let character =
        scalar.properties.generalCategory == .spaceSeparator ? "-" : Unicode.Scalar(scalar)
      if character.isASCII,
        character.properties.isAlphabetic || ("0"..."9").contains(character)
          || "-_.~".unicodeScalars.contains(character)
      {
        id.unicodeScalars.append(character)
      } else {
        for byte in String(character).utf8 {
          id += "%" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true)
        }
      }
    }
    return id
  }

  /// Bitbucket Cloud: `markdown-header-` and GitHub's id with every run of
  /// `-` one `-`.
  static func bitbucket(_ text: String) -> String {
    var collapsed = ""
    for character in GitHubSlug.base(text) where !(character == "-" && collapsed.last == "-") {
      collapsed.append(character)
    }
    return "markdown-header-" + collapsed
  }

  /// Gitea and Forgejo: lowercased; every run of characters that are not
  /// letters or numbers one `-`, and none at either end.
  static func gitea(_ text: String) -> String {
    var id = String.UnicodeScalarView()
    var pending = false
    for scalar in text.lowercased().unicodeScalars {
      let category = scalar.properties.generalCategory
      if SiteSlugs.isLetter(category) || SiteSlugs.isNumber(category) {
        if pending && !id.isEmpty { id.append("-") }
        pending = false
        id.append(scalar)
      } else {
        pending = true
      }
    }
    return String(id)
  }
}
