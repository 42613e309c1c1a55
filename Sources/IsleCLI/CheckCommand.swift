import Island
import Links
import Outline
import Parallel

/// `isle check`: every link to a heading or a file resolves.
///
/// The documents are outlined in parallel, each parsed once for its
/// headings and its links; then each one's links are resolved (in
/// parallel too) against the outlines and the files around them. Broken
/// links are printed sorted by file, line and column.
struct CheckCommand {
  let settings: Settings
  /// `--root`: where `/path` links start; nil for each document's
  /// repository root.
  let root: String?
  let repository: RepositoryURL?
  let fix: Bool
  let cli: CLI

  func run() throws -> ExitStatus {
    let walkFailed = !cli.reportWalk(settings.walk).isEmpty
    var (broken, failed) = brokenLinks()
    if fix {
      // What the rewrite left broken is what a fresh check finds in the
      // files as they now are, not what was left unfixed before.
      if try self.fix(broken) { (broken, failed) = brokenLinks() }
    }
    for link in broken {
      try cli.stdout.write(
        (settings.format == .json ? BrokenLinkReport.json(link) : BrokenLinkReport.line(link))
          + "\n")
    }
    if failed || walkFailed { return .failure }
    return broken.isEmpty ? .success : .nothingFound
  }

  /// Every broken link of the documents, in order; and whether a document
  /// could not be read (each such error reported).
  private func brokenLinks() -> (broken: [BrokenLink], failed: Bool) {
    var failed = false
    var linking = settings.loader(cli.files)
    linking.options.findsLinks = true
    let loader = linking
    let sources = settings.sources
    var documents: [Document] = []
    OrderedParallelMap.run(count: sources.count, jobs: settings.jobs) {
      index -> (document: Document?, error: String?) in
      do {
        return (try loader.document(sources[index]), nil)
      } catch {
        return (nil, CLI.failure(error).message)
      }
    } consume: { _, outcome in
      if let document = outcome.document { documents.append(document) }
      if let error = outcome.error {
        cli.report("isle: error: \(error)")
        failed = true
      }
    }
    var known: [String: DocumentAnchors] = [:]
    for document in documents {
      if let path = document.path { known[LinkPath.tidied(path)] = DocumentAnchors(document) }
    }
    let targets = CheckTargets(files: cli.files, loader: loader, known: known)
    let roots = RepositoryRoots(files: cli.files)
    let given = root
    let repository = self.repository
    let found = OrderedParallelMap.collect(count: documents.count, jobs: settings.jobs) { index in
      let document = documents[index]
      let root = given ?? roots.root(of: document.path ?? ".")
      return LinkChecker(root: root, repository: repository).check(document, targets: targets)
    }
    return (found.flatMap { $0 }.sorted(by: Self.order), failed)
  }

  /// By path (byte order), then line and column.
  static func order(_ a: BrokenLink, _ b: BrokenLink) -> Bool {
    if a.path != b.path { return a.path.utf8.lexicographicallyPrecedes(b.path.utf8) }
    return (a.line, a.column) < (b.line, b.column)
  }

  /// Rewrites the fixable links file by file, prints what changed, and
  /// says whether anything did. A file that cannot be rewritten is an
  /// error naming it, and stays as it was.
  private func fix(_ broken: [BrokenLink]) throws -> Bool {
    var changed = false
    var index = 0
    while index < broken.count {
      let path = broken[index].path
      var end = index
      while end < broken.count && broken[end].path == path { end += 1 }
      let links = Array(broken[index..<end])
      index = end
      guard links.contains(where: \.isFixable), path != "-" else { continue }
      let bytes = try cli.files.read(.file(path), limit: settings.maxSize)
      let (updated, fixed) = FragmentFix.apply(links, to: bytes)
      if !fixed.isEmpty {
        do throws(AtomicFile.Failure) {
          try cli.writer.replace(cli.files.resolvedPath(path), with: updated)
        } catch {
          throw DocumentFailure("\(path): \(error.reason); the file is unchanged", status: .failure)
        }
        for link in fixed { try cli.stdout.write(BrokenLinkReport.fixed(link) + "\n") }
        changed = true
      }
    }
    return changed
  }
}
