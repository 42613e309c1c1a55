import Found
import Outline

/// A link that does not resolve, and why.
public struct BrokenLink: Sendable, Equatable {
  /// Why a link is broken.
  public enum Reason: String, Sendable {
    /// The file it points to does not exist.
    case noFile = "no-file"
    /// The file exists (or it is this document) but has no such heading
    /// or anchor.
    case noHeading = "no-heading"
    /// The file is out of the folders a server keeps to (`isle mcp`'s
    /// roots): nothing is said of it, whether it is there or not.
    case outside = "outside-workspace"
  }

  /// The linking document, as given.
  public var path: String
  /// Where the link is written: 1-based line and byte column.
  public var line: Int
  public var column: Int
  /// The link as written (its destination).
  public var target: String
  /// The file it resolves to, from the current folder as `path` is; nil
  /// when there is none.
  public var file: String?
  /// The fragment looked for, percent-decoded; nil when none was.
  public var fragment: String?
  public var reason: Reason
  /// The one id (or file name) near enough to be what was meant.
  public var suggestion: String?
  /// The link itself, for rewriting it.
  public var link: FoundLink

  /// A broken link from its parts.
  public init(
    path: String, link: FoundLink, file: String?, fragment: String?, reason: Reason,
    suggestion: String?
  ) {
    self.path = path
    self.line = link.line
    self.column = link.column
    self.target = link.destination
    self.file = file
    self.fragment = fragment
    self.reason = reason
    self.suggestion = suggestion
    self.link = link
  }

  /// True for a missing heading with a suggestion: `isle check --fix` and
  /// the language server's quick fix rewrite the fragment where the
  /// destination is written, from its `#` on.
  public var isFixable: Bool {
    reason == .noHeading && suggestion != nil && fragment != nil && target.contains("#")
  }
}
