import Cells
import JSON
import Links

/// A broken link as `isle check` prints it: a compiler's line
/// (`docs/guide.md:14:5: no heading #instalation in docs/install.md (did
/// you mean #installation?)`) or one JSON object.
public enum BrokenLinkReport {
  /// The line, without its line ending; text from documents shown safely.
  public static func line(_ broken: BrokenLink) -> String {
    "\(SafeText.forTerminal(broken.path)):\(broken.line):\(broken.column): " + problem(broken)
  }

  /// What is wrong, without the location: `no heading #instalation in
  /// docs/install.md (did you mean #installation?)`, as an editor shows it
  /// beside the link.
  public static func problem(_ broken: BrokenLink) -> String {
    switch broken.reason {
    case .noFile:
      return "no file " + SafeText.forTerminal(broken.target)
    case .outside:
      return SafeText.forTerminal(broken.target) + " is outside the workspace"
    case .noHeading:
      let fragment = SafeText.forTerminal(broken.fragment ?? "")
      let file = SafeText.forTerminal(broken.file ?? broken.path)
      return "no heading #\(fragment) in \(file)" + hint(broken)
    case .someSites:
      return "#\(SafeText.forTerminal(broken.fragment ?? "")) resolves on "
        + sites(broken) + hint(broken)
    }
  }

  /// ` (did you mean #x?)`, with the commit when git's history named the
  /// heading's new title: ` (did you mean #x? the heading was renamed in
  /// 1a2b3c4)`; nothing without a suggestion.
  static func hint(_ broken: BrokenLink) -> String {
    guard let suggestion = broken.suggestion else { return "" }
    let renamed = broken.renamedIn.map { " the heading was renamed in \($0)" } ?? ""
    return " (did you mean #\(SafeText.forTerminal(suggestion))?\(renamed))"
  }

  /// `github, not on mkdocs (#uber there)`: where a fragment resolves and
  /// where not, with each failing site's id for the heading when known.
  static func sites(_ broken: BrokenLink) -> String {
    guard let split = broken.sites else { return "some sites only" }
    let fails = split.fails.map { fail in
      fail.site + (fail.id.map { " (#\(SafeText.forTerminal($0)) there)" } ?? "")
    }
    return listed(split.resolves) + ", not on " + listed(fails)
  }

  /// `a`, `a and b`, `a, b and c`.
  static func listed(_ names: [String]) -> String {
    guard names.count > 1 else { return names.first ?? "" }
    return names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
  }

  /// One JSON object on one line: `path`, `line`, `column`, `target`,
  /// `file`, `fragment`, `reason` and `suggestion`; with `meta` (JSON
  /// text: its record's own members, `--records`), `meta` last.
  public static func json(_ broken: BrokenLink, meta: String? = nil) -> String {
    var object = JSONWriter()
    object.open()
    members(
      of: broken.path, line: broken.line, column: broken.column, target: broken.target,
      file: broken.file, fragment: broken.fragment, reason: broken.reason.rawValue,
      suggestion: broken.suggestion, renamed: broken.renamedIn, to: &object)
    if let split = broken.sites {
      object.add("resolves", strings: split.resolves)
      object.add("fails", strings: split.fails.map(\.site))
    }
    if let meta { object.add("meta", json: meta) }
    object.close()
    return object.text
  }

  /// The members every finding of `check --format json` has, in order:
  /// a broken link's, and a book's finding in the same form.
  public static func members(
    of path: String, line: Int, column: Int, target: String, file: String?, fragment: String?,
    reason: String, suggestion: String?, renamed: String?, to object: inout JSONWriter
  ) {
    object.add("path", path)
    object.add("line", line)
    object.add("column", column)
    object.add("target", target)
    object.add("file", file)
    object.add("fragment", fragment)
    object.add("reason", reason)
    object.add("suggestion", suggestion)
    object.add("renamed", renamed)
  }

  /// What `--fix` changed, as a compiler's line: `docs/guide.md:14:5:
  /// fixed #instalation to #installation`.
  public static func fixed(_ broken: BrokenLink) -> String {
    "\(SafeText.forTerminal(broken.path)):\(broken.line):\(broken.column): fixed "
      + "#\(SafeText.forTerminal(broken.fragment ?? "")) to "
      + "#\(SafeText.forTerminal(broken.suggestion ?? ""))"
  }
}
