/// What tells a Hugo site's configuration from another tool's: Hugo reads
/// `hugo.toml` (and `.yaml`, `.json`), and the older `config.toml`, a name
/// that Zola, Cargo and others use as well. A `config.*` is Hugo's when a
/// top-level key is one that only Hugo reads.
enum SiteConfiguration {
  /// The names only Hugo gives its configuration.
  static let hugoNames = ["hugo.toml", "hugo.yaml", "hugo.yml", "hugo.json"]
  /// The names Hugo shares with other tools.
  static let sharedNames = ["config.toml", "config.yaml", "config.yml", "config.json"]
  /// The most of a configuration file read.
  static let loadLimit = 1 << 20

  /// Keys of Hugo's configuration that other generators do not use
  /// (Zola writes `base_url`, Jekyll `baseurl` in `_config.yml`), in
  /// lowercase: Hugo reads its keys in any case.
  static let hugoKeys: Set<String> = [
    "baseurl", "languagecode", "defaultcontentlanguage", "contentdir", "publishdir",
    "disablekinds", "markup", "params", "permalinks",
  ]

  /// Whether `text`, a TOML, YAML or JSON configuration, has a key of
  /// Hugo's at the start of a line: `baseURL = …`, `baseURL: …`,
  /// `"baseURL": …`, `[markup.goldmark]`, `[[menu.main]]`.
  static func isHugo(_ text: String) -> Bool {
    for line in text.split(whereSeparator: \.isNewline) {
      let start = line.drop { $0 == " " || $0 == "\t" || $0 == "[" || $0 == "\"" }
      let key = start.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
      guard !key.isEmpty, hugoKeys.contains(key.lowercased()) else { continue }
      let after = start.dropFirst(key.count).drop { $0 == " " || $0 == "\t" || $0 == "\"" }
      if let next = after.first, "=:.]".contains(next) { return true }
    }
    return false
  }
}
