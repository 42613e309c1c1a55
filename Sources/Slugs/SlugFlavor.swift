/// How a heading's text becomes an anchor id: the rule of the site or
/// tool that will render the document.
public enum SlugFlavor: String, Sendable, CaseIterable {
  /// GitHub's: keep letters, marks, digits, `_`, `-` and spaces, each space
  /// a `-`, nothing trimmed or collapsed (see `GitHubSlug`).
  case github
  /// GitLab's: as GitHub's, trimmed, runs of `-` collapsed to one, and an
  /// id of digits alone prefixed `anchor-`.
  case gitlab
  /// pandoc's `auto_identifiers`.
  case pandoc
  /// Python-Markdown's `toc` extension, as MkDocs uses it: ASCII, `_1`
  /// for duplicates.
  case mkdocs
  /// Goldmark's `autoHeadingID` as Hugo configures it.
  case hugo
  /// kramdown's GFM parser, Jekyll's default.
  case kramdown
  /// Docusaurus: github-slugger over the text with image alt.
  case docusaurus
  /// Azure DevOps wikis: trimmed, lowercased, spaces as `-`,
  /// percent-encoded.
  case azure
  /// Bitbucket Cloud: `markdown-header-` and GitHub's id with runs of `-`
  /// collapsed.
  case bitbucket
  /// Gitea and Forgejo: runs of anything but letters and numbers one `-`,
  /// none at either end.
  case gitea

  /// Whether `## Title {#custom}` gives the heading the id `custom`.
  public var readsAttributes: Bool {
    switch self {
    case .pandoc, .mkdocs, .hugo, .kramdown, .docusaurus: return true
    default: return false
    }
  }

  /// The id for `text` before duplicates are considered.
  public func base(_ text: HeadingText) -> String {
    switch self {
    case .github: return GitHubSlug.base(text.plain)
    case .gitlab: return GitHubSlug.gitlabBase(text.plain)
    case .docusaurus: return GitHubSlug.base(text.withAlt)
    case .pandoc: return SiteSlugs.pandoc(text.smartWithAlt)
    case .mkdocs: return SiteSlugs.mkdocs(text.plain)
    case .hugo: return SiteSlugs.hugo(text.source)
    case .kramdown: return SiteSlugs.kramdown(text.smartPlain)
    case .azure: return WikiSlugs.azure(text.plain)
    case .bitbucket: return WikiSlugs.bitbucket(text.plain)
    case .gitea: return WikiSlugs.gitea(text.plain)
    }
  }
}
