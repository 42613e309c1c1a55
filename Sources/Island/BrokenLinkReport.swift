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

  /// What is wrong, without the place: `no heading #instalation in
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
      let hint = broken.suggestion.map { " (did you mean #\(SafeText.forTerminal($0))?)" } ?? ""
      return "no heading #\(fragment) in \(file)" + hint
    }
  }

  /// One JSON object on one line: `path`, `line`, `column`, `target`,
  /// `file`, `fragment`, `reason` and `suggestion`.
  public static func json(_ broken: BrokenLink) -> String {
    var object = JSONWriter()
    object.open()
    object.add("path", broken.path)
    object.add("line", broken.line)
    object.add("column", broken.column)
    object.add("target", broken.target)
    object.add("file", broken.file)
    object.add("fragment", broken.fragment)
    object.add("reason", broken.reason.rawValue)
    object.add("suggestion", broken.suggestion)
    object.close()
    return object.text
  }

  /// What `--fix` changed, as a compiler's line: `docs/guide.md:14:5:
  /// fixed #instalation to #installation`.
  public static func fixed(_ broken: BrokenLink) -> String {
    "\(SafeText.forTerminal(broken.path)):\(broken.line):\(broken.column): fixed "
      + "#\(SafeText.forTerminal(broken.fragment ?? "")) to "
      + "#\(SafeText.forTerminal(broken.suggestion ?? ""))"
  }
}
