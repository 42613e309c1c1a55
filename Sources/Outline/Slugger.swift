/// How a heading's text becomes an anchor id.
public enum SlugFlavor: String, Sendable, CaseIterable {
  /// GitHub's: keep letters, marks, digits, `_`, `-` and spaces, each space
  /// a `-`, nothing trimmed or collapsed (see `GitHubSlug`).
  case github
  /// GitLab's: as GitHub's, then runs of `-` collapse to one.
  case gitlab

  /// The id for `text` before duplicates are considered.
  public func base(_ text: HeadingText) -> String {
    switch self {
    case .github: return GitHubSlug.base(text.plain)
    case .gitlab: return GitHubSlug.gitlabBase(text.plain)
    }
  }
}

/// Turns heading texts into anchor ids, unique within one document.
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

  /// The unique id for a heading that says `text`.
  public mutating func slug(_ text: HeadingText) -> String {
    unique(flavor.base(text))
  }

  /// The unique id for a heading whose text is `text`, with no images.
  public mutating func slug(_ text: String) -> String {
    slug(HeadingText(text))
  }

  /// `base`, or the first of `base-1`, `base-2`… not yet taken.
  private mutating func unique(_ base: String) -> String {
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
    flavor.base(HeadingText(title))
  }
}
