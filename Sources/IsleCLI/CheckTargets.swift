import Files
import Links
import Outline
import Parallel
import Slugs

/// The files around the documents `isle check` reads, from the disk: what
/// each path is, and each target document's anchors, each looked up once
/// and kept (many links point to a few files), safe from several threads.
///
/// The documents of the walk are given beforehand; a document outside it
/// (a link out of the folder checked) is outlined on first use with the
/// same loader, so with the same slug flavour rules.
///
/// With `--sites`, a Markdown document is also outlined once for each
/// site, in its flavour, for the fragments to be looked for as each site
/// renders it.
final class CheckTargets: SiteTargets {
  private let files: FileAccess
  private let loader: DocumentLoader
  private let sites: [SlugFlavor]
  private let kinds = Lock<[String: TargetKind]>([:])
  private let anchors = Lock<[String: DocumentAnchors?]>([:])
  private let rendered = Lock<[String: [SiteRendering]]>([:])

  /// Targets on `files`, with the anchors of the documents already read;
  /// `sites` those `--sites` names.
  init(
    files: FileAccess, loader: DocumentLoader, known: [String: DocumentAnchors],
    sites: [SlugFlavor] = []
  ) {
    self.files = files
    self.loader = loader
    self.sites = sites
    anchors.withLock { table in
      for (path, found) in known { table[path] = found }
    }
  }

  func kind(of path: String) -> TargetKind {
    if let known = kinds.withLock({ $0[path] }) { return known }
    let kind = TargetKind(files.kind(path))
    kinds.withLock { $0[path] = kind }
    return kind
  }

  func anchors(ofDocumentAt path: String) -> DocumentAnchors? {
    if let known = anchors.withLock({ $0[path] }) { return known }
    let found = (try? loader.load(.file(path)).outlined).map {
      DocumentAnchors($0.document, links: $0.links)
    }
    anchors.withLock { $0[path] = found }
    return found
  }

  func renderings(ofDocumentAt path: String) -> [SiteRendering] {
    guard !sites.isEmpty else { return [] }
    if let known = rendered.withLock({ $0[path] }) { return known }
    var plain = loader
    plain.detector = nil
    var found: [SiteRendering] = []
    for site in sites {
      var options = plain.options
      options.slugFlavor = site
      guard let outlined = try? plain.load(.file(path), options: options).outlined,
        outlined.document.format == .markdown
      else { break }
      let document = outlined.document
      found.append(
        SiteRendering(
          site: site.rawValue, anchors: DocumentAnchors(document, links: outlined.links),
          headingIds: document.sections.map(\.id) + document.folded.map(\.id)))
    }
    if found.count != sites.count { found = [] }
    rendered.withLock { $0[path] = found }
    return found
  }
}
