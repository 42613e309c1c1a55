/// The patterns of one ignore file, with the folder they are relative to.
struct IgnoreRules: Sendable {
  /// The folder of the file (`.git/info/exclude` and the global file: the
  /// repository's top), as an absolute path without a trailing `/`.
  let base: String
  let patterns: [IgnorePattern]

  /// The rules in `text`, relative to `base`.
  init(base: String, text: String) {
    self.base = base
    self.patterns = text.split(separator: "\n", omittingEmptySubsequences: false).compactMap {
      IgnorePattern(line: $0)
    }
  }

  /// True when the last pattern matching `path` ignores it, false when it
  /// takes it back (`!`), nil when none matches or `path` is outside `base`.
  func decision(_ path: String, name: String, isDirectory: Bool) -> Bool? {
    let prefix = base == "/" ? "/" : base + "/"
    guard path.hasPrefix(prefix) else { return nil }
    let relative = Array(path.utf8.dropFirst(prefix.utf8.count))
    let name = Array(name.utf8)
    for pattern in patterns.reversed()
    where pattern.matches(relative: relative, name: name, isDirectory: isDirectory) {
      return !pattern.negated
    }
    return nil
  }
}
