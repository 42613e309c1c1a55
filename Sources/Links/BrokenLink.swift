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
    /// With `--sites`: the fragment names a heading as some of the sites
    /// render the target, not as the others do.
    case someSites = "some-sites"
    /// The file is out of the folders a server keeps to (`isle mcp`'s
    /// roots): nothing is said of it, whether it is there or not.
    case outside = "outside-workspace"
  }

  /// Where a fragment resolves and where not, for `.someSites`: the sites
  /// by name, and each failing site's id for the heading meant.
  public struct SiteSplit: Sendable, Equatable {
    public var resolves: [String]
    public var fails: [(site: String, id: String?)]

    public init(resolves: [String], fails: [(site: String, id: String?)]) {
      self.resolves = resolves
      self.fails = fails
    }

    public static func == (a: SiteSplit, b: SiteSplit) -> Bool {
      a.resolves == b.resolves && a.fails.map(\.site) == b.fails.map(\.site)
        && a.fails.map(\.id) == b.fails.map(\.id)
    }
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
  /// The commit (abbreviated) that renamed the heading the fragment named,
  /// when git's history gave the suggestion; nil when the nearest id did.
  public var renamedIn: String? = nil
  /// For `.someSites`: where the fragment resolves and where not.
  public var sites: SiteSplit? = nil

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
    reason != .noFile && suggestion != nil && fragment != nil && target.contains("#")
  }
}
