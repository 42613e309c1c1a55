import Cells
import Found
import Outline

/// Resolves each link of a document against its own headings and anchors
/// and the files around it, and says which are broken.
///
/// A fragment alone is looked for in the document. A path is the file
/// relative to the document's folder (`/path` relative to `root`): a file
/// that is there; else, for `x.html` or `x.htm`, an `x.md` beside it (as
/// mdBook, MkDocs and Sphinx publish one from the other); a folder is its
/// `README.md`, `readme.md`, `index.md` or `index.html` when it has one.
/// A fragment is then looked for in the file when it is a document isle
/// reads. Each reference definition is checked once: at the first link
/// that uses it, or where it is written when none does (a later
/// definition of the same label is one nobody uses).
public struct LinkChecker: Sendable {
  /// Where `/path` links start: the repository's root, or `--root`.
  public var root: String
  /// This repository's address, to check links to its own files by URL.
  public var repository: RepositoryURL?
  /// Whether a definition no link uses has its file checked, or only its
  /// fragment. It is no link on the page GitHub shows; markdownlint checks
  /// its fragment, VS Code its file too.
  public var checksUnusedFiles = false

  /// The files a folder link resolves to, in the order they are tried.
  static let folderDocuments = ["README.md", "readme.md", "index.md", "index.html"]

  /// A checker with `root` for `/path` links.
  public init(root: String, repository: RepositoryURL? = nil) {
    self.root = root
    self.repository = repository
  }

  /// The broken links of `document` (its `links`), in the order they are
  /// written. When `stop` says so (asked every few links: a language
  /// server's request was cancelled, its document changed), the check ends
  /// early with what it has found, which the caller throws away.
  public func check(
    _ document: Document, links: DocumentLinks, targets: LinkTargets,
    until stop: () -> Bool = { false }
  ) -> [BrokenLink] {
    let path = document.path ?? "-"
    let own = DocumentAnchors(document, links: links)
    var definitions = ReferenceUses(links.links)
    var broken: [BrokenLink] = []
    for (index, link) in links.links.enumerated() {
      if index % 64 == 63 && stop() { break }
      guard definitions.isChecked(link) else { continue }
      let written = LinkDestination.writtenFragment(of: link)
      switch LinkDestination.of(link, repository: repository) {
      case .elsewhere:
        continue
      case .fragment(let fragment):
        if let problem = siteProblem(
          fragment, written: written, in: path, targets: targets, path: path, link: link)
        {
          if let problem = problem { broken.append(problem) }
        } else if !own.contains(fragment, written: written) {
          broken.append(
            BrokenLink(
              path: path, link: link, file: path, fragment: fragment, reason: .noHeading,
              suggestion: Self.suggestion(for: fragment, in: own)))
        }
      case .file(let relative, let fragment, let fromRoot):
        let joined = LinkPath.joined(fromRoot ? root : LinkPath.folder(of: path), relative)
        if targets.kind(of: joined) == .outside {
          // Nothing of it is said: not whether it is there, nor its ids.
          broken.append(
            BrokenLink(
              path: path, link: link, file: nil, fragment: fragment, reason: .outside,
              suggestion: nil))
          continue
        }
        guard let (file, kind) = resolve(joined, targets: targets) else {
          if !checksUnusedFiles && definitions.isUnused(link) { continue }
          broken.append(
            BrokenLink(
              path: path, link: link, file: nil, fragment: fragment, reason: .noFile,
              suggestion: nil))
          continue
        }
        guard let fragment else { continue }
        let anchors: DocumentAnchors?
        if kind == .folder {
          anchors = nil
        } else if DocumentFormat.fromExtension(of: file) != nil {
          guard let found = targets.anchors(ofDocumentAt: file) else { continue }
          anchors = found
        } else {
          continue
        }
        if anchors != nil,
          let problem = siteProblem(
            fragment, written: written, in: file, targets: targets, path: path, link: link)
        {
          if let problem = problem { broken.append(problem) }
          continue
        }
        if anchors?.contains(fragment, written: written) != true,
          !otherReadmes(besides: file, hold: fragment, written: written, targets: targets)
        {
          broken.append(
            BrokenLink(
              path: path, link: link, file: file, fragment: fragment, reason: .noHeading,
              suggestion: anchors.flatMap { Self.suggestion(for: fragment, in: $0) }))
        }
      }
    }
    return broken
  }

  /// With `--sites` (targets that render documents as sites do), what
  /// the sites say of `fragment` in `file`: nil when they say nothing (no
  /// sites, or no Markdown document), else the broken link to report, or
  /// nil inside when the fragment resolves on every site.
  private func siteProblem(
    _ fragment: String, written: String?, in file: String, targets: LinkTargets, path: String,
    link: FoundLink
  ) -> BrokenLink?? {
    guard let sites = targets as? SiteTargets else { return nil }
    let renderings = sites.renderings(ofDocumentAt: file)
    guard let first = renderings.first else { return nil }
    switch SiteFragments.verdict(fragment, written: written, in: renderings) {
    case .everywhere:
      return .some(nil)
    case .nowhere:
      return BrokenLink(
        path: path, link: link, file: file, fragment: fragment, reason: .noHeading,
        suggestion: Self.suggestion(for: fragment, in: first.anchors))
    case .some(let split, let portable):
      var broken = BrokenLink(
        path: path, link: link, file: file, fragment: fragment, reason: .someSites,
        suggestion: portable)
      broken.sites = split
      return broken
    }
  }

  /// True when a folder link's fragment, missing from the readme it
  /// resolved to, is in another readme of that folder (`readme.markdown`
  /// beside `readme.md`): which one a host shows is not settled, so a
  /// fragment any of them holds is taken as found.
  private func otherReadmes(
    besides file: String, hold fragment: String, written: String?, targets: LinkTargets
  ) -> Bool {
    let folder = LinkPath.folder(of: file)
    let name = file.split(separator: "/").last.map(String.init) ?? file
    guard Self.readmes.contains(name) else { return false }
    return Self.readmes.contains { other in
      let path = LinkPath.joined(folder, other)
      return other != name && targets.kind(of: path) == .file
        && targets.anchors(ofDocumentAt: path)?.contains(fragment, written: written) == true
    }
  }

  /// The names a folder's readme goes by, beside those links resolve to.
  static let readmes = folderDocuments + ["README.markdown", "readme.markdown", "Readme.md"]

  /// The file (or folder) `path` names, as links resolve it; nil when
  /// there is none.
  public func resolve(_ path: String, targets: LinkTargets) -> (String, TargetKind)? {
    switch targets.kind(of: path) {
    case .file:
      return (path, .file)
    case .folder:
      for name in Self.folderDocuments {
        let inside = LinkPath.joined(path, name)
        if targets.kind(of: inside) == .file { return (inside, .file) }
      }
      return (path, .folder)
    case .outside:
      return nil
    case .missing:
      guard let suffix = LinkPath.pathExtension(path), suffix == "html" || suffix == "htm" else {
        return nil
      }
      let markdown = String(path.dropLast(suffix.count)) + "md"
      return targets.kind(of: markdown) == .file ? (markdown, .file) : nil
    }
  }

  /// The one id nearest to `fragment` by edit distance, when it is near
  /// enough to be a slip or a small rename; nil when none is, or several are.
  public static func suggestion(for fragment: String, in anchors: DocumentAnchors) -> String? {
    // Compared as found: lowercased where a fragment is tried so.
    suggestion(for: anchors.triesLowercased ? fragment.lowercased() : fragment, in: anchors.ids)
  }

  /// The one id of `ids` nearest to `fragment`, as above.
  public static func suggestion(for fragment: String, in ids: [String]) -> String? {
    let nearest = EditDistance.nearest(to: fragment, in: ids)
    return nearest.count == 1 ? nearest[0] : nil
  }
}
