/// This repository's address on GitHub or GitLab (`--repository-url`), so
/// that a link written as a URL to one of its own files
/// (`https://github.com/o/r/blob/main/docs/x.md#y`) is checked here.
public struct RepositoryURL: Sendable, Equatable {
  /// The address without a trailing `/` or `.git`, `https://github.com/o/r`.
  public let base: String

  /// The repository at `address`; nil when it is not an `http(s)://` URL
  /// with a host and a path.
  public init?(_ address: String) {
    var base = address
    while base.hasSuffix("/") { base.removeLast() }
    if base.hasSuffix(".git") { base.removeLast(4) }
    guard base.hasPrefix("https://") || base.hasPrefix("http://") else { return nil }
    let rest = base.drop { $0 != ":" }.dropFirst(3)
    guard let slash = rest.firstIndex(of: "/"), slash != rest.startIndex,
      rest.index(after: slash) != rest.endIndex
    else { return nil }
    self.base = base
  }

  /// The views of a file or folder, as GitHub (`blob`, `tree`, `raw`) and
  /// GitLab (`-/blob`…) spell them.
  private static let views = ["/blob/", "/tree/", "/raw/", "/-/blob/", "/-/tree/", "/-/raw/"]

  /// The path from the repository's root (with its fragment) that `url`
  /// names, or nil when it names no file of this repository. The first
  /// segment after the view is the branch, as remark-validate-links takes
  /// it (a branch with a `/` in its name is not told from a folder).
  /// The repository's own page with a fragment (`…/o/r#usage`) is its
  /// README's heading.
  public func path(of url: String) -> String? {
    let other =
      url.hasPrefix("http://") ? "https://" + url.dropFirst(7) : "http://" + url.dropFirst(8)
    let address = url.hasPrefix(base) ? url : other.hasPrefix(base) ? other : nil
    guard let address else { return nil }
    let rest = address.dropFirst(base.count)
    if rest.isEmpty || rest == "/" { return "" }
    if rest.hasPrefix("#") { return "README.md" + rest }
    guard let view = Self.views.first(where: { rest.hasPrefix($0) }) else { return nil }
    let afterView = rest.dropFirst(view.count)
    guard let slash = afterView.firstIndex(of: "/") else { return "" }
    return String(afterView[afterView.index(after: slash)...])
  }
}
