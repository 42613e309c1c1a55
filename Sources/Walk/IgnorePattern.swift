import Globs

/// One line of a `.gitignore` (or `.ignore`) file, read by gitignore's
/// rules: `#` comments, `!` to take a name back, a trailing `/` for
/// directories only, a `/` at the start or in the middle to anchor the
/// pattern to the file's folder (else it matches a name at any depth), and
/// `*`, `?`, `[a-z]`, `**` as git's wildmatch reads them.
struct IgnorePattern: Sendable, Equatable {
  /// The glob, without its `!`, leading `/` and trailing `/`.
  let glob: [UInt8]
  /// `!pattern`: a match takes the path back.
  let negated: Bool
  /// `pattern/`: only directories match.
  let directoryOnly: Bool
  /// Matched against the path below the file's folder, not the name alone.
  let anchored: Bool

  /// The pattern on `line`, or nil for a blank line or a comment.
  init?(line: Substring) {
    var text = Array(line.utf8)
    if text.last == UInt8(ascii: "\r") { text.removeLast() }
    // Trailing spaces go unless the last is escaped with a backslash.
    while text.last == UInt8(ascii: " ")
      && !(text.count >= 2 && text[text.count - 2] == UInt8(ascii: "\\"))
    {
      text.removeLast()
    }
    guard let first = text.first, first != UInt8(ascii: "#") else { return nil }
    negated = first == UInt8(ascii: "!")
    if negated { text.removeFirst() }
    directoryOnly = text.last == UInt8(ascii: "/")
    if directoryOnly { text.removeLast() }
    anchored = text.contains(UInt8(ascii: "/"))
    if text.first == UInt8(ascii: "/") { text.removeFirst() }
    guard !text.isEmpty else { return nil }
    glob = text
  }

  /// True when the pattern matches the entry `relative` (its path below the
  /// ignore file's folder, `/`-separated) whose last part is `name`.
  func matches(relative: [UInt8], name: [UInt8], isDirectory: Bool) -> Bool {
    if directoryOnly && !isDirectory { return false }
    return Wildmatch.matches(glob, anchored ? relative : name)
  }
}
