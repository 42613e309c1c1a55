#if canImport(Glibc)
  import Glibc
#endif
import Book
import Editing
import Files
import Globs
import Island
import Links
import Options
import Outline
import Parallel
import Records
import Slugs
import Walk

/// `isle check`: every link to a heading or a file resolves.
///
/// The documents are outlined in parallel, each parsed once for its
/// headings and its links; then each one's links are resolved (in
/// parallel too) against the outlines and the files around them. Broken
/// links are printed sorted by file, line and column.
struct CheckCommand: RunnableCommand {
  let settings: Settings
  /// `--root`: where `/path` links start; nil for each document's
  /// repository root.
  let root: String?
  let repository: RepositoryURL?
  let fix: Bool
  /// `--exclude` and the config's `check.exclude`: links whose resolved
  /// path any of these globs matches are not reported.
  var exclude: [String] = []
  /// A book checked as a whole: what its table of contents names that is
  /// missing, and what its folder holds that it does not name, reported
  /// before its chapters' links.
  var book: (book: Book, audit: BookAudit)? = nil
  /// What the llms.txt beside the book says that the book no longer does.
  var llms: [CheckFinding] = []
  /// `--changed REF`: only the documents git says differ from it, and the
  /// links into them.
  var changed: String? = nil
  /// `--sites` (or the config's `check.sites`): fragments are looked for
  /// as each of these sites renders its target.
  var sites: [SlugFlavor] = []
  let cli: CLI

  func run() throws -> ExitStatus {
    if settings.records { return try records() }
    guard let book else { return try links() }
    let output = CheckOutput(format: settings.format, cli: cli)
    let found = output.findings(of: book.audit, in: book.book) + llms
    let clean = book.audit.isEmpty && llms.isEmpty
    // A book without a chapter to read has no links to check.
    let missing = Set(book.audit.missing.compactMap(\.path))
    if book.book.chapters.allSatisfy({ $0.path.map(missing.contains) ?? true }) {
      try output.write([], more: found, cases: [], succeeded: true)
      return clean ? .success : .nothingFound
    }
    let status = try links(more: found)
    // The book's own findings count as broken links do.
    return !clean && status == .success ? .nothingFound : status
  }

  /// Checks the documents' links; `more` are the book's findings, which
  /// a format for CI writes with them.
  private func links(more: [CheckFinding] = []) throws -> ExitStatus {
    if fix && settings.sources.contains(.standardInput) {
      throw UsageError(
        "--fix rewrites files, and standard input is no file: name the document",
        command: "check")
    }
    let walkFailed = !cli.reportWalk(settings.walk).isEmpty
    let touched = try changedFiles()
    var (broken, failed, cases) = brokenLinks(quiet: fix, touched: touched)
    if fix {
      // What the rewrite left broken is what a fresh check finds in the
      // files as they now are, not what was left unfixed before.
      var unwritable = false
      if try self.fix(broken, unwritable: &unwritable) || settings.stats {
        (broken, failed, cases) = brokenLinks(touched: touched)
      }
      failed = failed || unwritable
    }
    try CheckOutput(format: settings.format, cli: cli).write(
      broken, more: more, cases: cases, succeeded: !failed)
    if failed || walkFailed { return .failure }
    return broken.isEmpty && more.isEmpty ? .success : .nothingFound
  }

  /// `--records`: the records of standard input checked as files (their
  /// links resolved among them, and on the disk only under `--root`),
  /// every one of them read before the first is checked; `--shard`
  /// keeps the records checked, all of them still targets.
  private func records() throws -> ExitStatus {
    var reader = LineReader(descriptor: 0)
    let (records, problems) = try RecordLoop.collect(&reader, jobs: settings.jobs)
    let files = RecordFiles(records, disk: root.map { _ in cli.files }, root: root ?? ".")
    var checking = settings
    checking.sources = records.filter { settings.shard?.keeps($0.path) ?? true }.map {
      .file($0.path)
    }
    checking.walk = SourceWalker.Walked(sources: checking.sources)
    let command = CheckCommand(
      settings: checking, root: ".", repository: repository, fix: false, exclude: exclude,
      sites: sites,
      cli: CLI(
        environment: cli.environment, stdout: cli.stdout, stderr: cli.stderr, files: files,
        terminal: cli.terminal, inputIsTerminal: cli.inputIsTerminal, writer: cli.writer))
    let (broken, _, cases) = command.brokenLinks()
    let kept = problems.filter { RecordLoop.keeps(.failure($0), shard: settings.shard) }
    for problem in kept { cli.report(problem.message) }
    return try CheckOutput(format: settings.format, cli: cli).write(
      broken, of: records, failed: cases, problems: kept)
  }

  /// With `--changed REF`, the files git says differ from it, absolute;
  /// nil without. git missing, no repository, no such commit: an error.
  private func changedFiles() throws -> ChangedFiles? {
    guard let changed else { return nil }
    let first = settings.sources.lazy.compactMap(\.path).first ?? "."
    var folder = cli.files.resolvedPath(first)
    if cli.files.kind(folder) != .directory { folder = LinkPath.folder(of: folder) }
    do throws(ChangedFiles.GitError) {
      return try ChangedFiles(since: changed, in: folder.isEmpty ? "." : folder)
    } catch .noGit {
      throw UsageError("--changed \(changed): git is not installed", command: "check")
    } catch .git(let reason) {
      throw UsageError("--changed \(changed): \(reason)", command: "check")
    }
  }

  /// True when `--changed` keeps `link`: its document differs from the
  /// ref, or the file it points to (or names, when it is gone) does.
  private func keeps(_ link: BrokenLink, touched: ChangedFiles, root: String) -> Bool {
    let paths = [link.path, Self.resolved(link, root: root, repository: repository)]
    return paths.contains { touched.paths.contains(absolute($0)) }
  }

  /// `path` from the root of the file system, tidied.
  private func absolute(_ path: String) -> String {
    let resolved = cli.files.resolvedPath(path)
    if resolved.hasPrefix("/") { return LinkPath.tidied(resolved) }
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    guard getcwd(&buffer, buffer.count) != nil else { return LinkPath.tidied(resolved) }
    let folder = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return LinkPath.tidied(LinkPath.joined(folder, resolved))
  }

  /// Every broken link of the documents, in order (with `--changed`, those
  /// it keeps); whether a document could not be read (each such error
  /// reported); and the documents checked, as JUnit's cases. `quiet` for
  /// the check before `--fix` rewrites: the figures are the last check's.
  func brokenLinks(quiet: Bool = false, touched: ChangedFiles? = nil) -> (
    broken: [BrokenLink], failed: Bool, cases: [JUnitReport.Case]
  ) {
    var failed = false
    var cases: [JUnitReport.Case] = []
    var linking = settings.loader(cli.files)
    linking.options.findsLinks = true
    let loader = linking
    let sources = settings.sources
    let found = settings.walk.found
    var documents: [Outlined] = []
    var binaries = 0
    OrderedParallelMap.run(count: sources.count, jobs: settings.jobs) {
      index -> (document: Outlined?, error: String?, binary: Bool) in
      do {
        return (try loader.load(sources[index]).outlined, nil, false)
      } catch let error where DocumentError.isBinary(error) && found.contains(index) {
        // A binary file met in a folder is passed over, as grep passes it.
        return (nil, nil, true)
      } catch {
        return (nil, Failure(error).line, false)
      }
    } consume: { index, outcome in
      if let document = outcome.document { documents.append(document) }
      if outcome.binary { binaries += 1 }
      if let error = outcome.error {
        cli.report(error)
        failed = true
      }
      if !outcome.binary {
        cases.append(JUnitReport.Case(path: sources[index].displayName, error: outcome.error))
      }
    }
    var known: [String: DocumentAnchors] = [:]
    for outlined in documents {
      if let path = outlined.document.path {
        known[LinkPath.tidied(path)] = DocumentAnchors(outlined.document, links: outlined.links)
      }
    }
    let targets = CheckTargets(files: cli.files, loader: loader, known: known, sites: sites)
    let roots = RepositoryRoots(files: cli.files)
    let given = root
    let repository = self.repository
    let globs = exclude.map(Self.glob)
    let checked = OrderedParallelMap.collect(count: documents.count, jobs: settings.jobs) {
      index -> (broken: [BrokenLink], excluded: Int) in
      let (document, links) = (documents[index].document, documents[index].links ?? DocumentLinks())
      let root = given ?? roots.root(of: document.path ?? ".")
      let broken = LinkChecker(root: root, repository: repository).check(
        document, links: links, targets: targets)
      let kept = broken.filter { link in
        !Self.excludes(globs, Self.resolved(link, root: root, repository: repository))
          && (touched.map { keeps(link, touched: $0, root: root) } ?? true)
      }
      return (kept, broken.count - kept.count)
    }
    let broken = HeadingHistory.suggesting(
      checked.flatMap(\.broken).sorted(by: Self.order), anchors: targets.anchors(ofDocumentAt:),
      flavor: { loader.detector?.flavor(forDocumentAt: $0) ?? loader.options.slugFlavor },
      absolute: absolute, top: { [files = cli.files] path in
        GitRepository.top(of: LinkPath.folder(of: path), files: files)
      })
    if let touched {
      cases = cases.filter { test in
        test.error != nil || touched.paths.contains(absolute(test.path))
      }
    }
    if settings.stats && !quiet {
      let excluded = checked.map(\.excluded).reduce(0, +)
      let links = documents.map { $0.links?.links.count ?? 0 }.reduce(0, +)
      var parts = [
        Self.counted(documents.count, "document"), Self.counted(links, "link"),
        "\(broken.count) broken", "\(excluded) excluded by --exclude",
      ]
      if binaries > 0 { parts.append(Self.counted(binaries, "binary file") + " skipped") }
      cli.report("isle: stats: " + parts.joined(separator: ", "))
    }
    return (broken, failed, cases)
  }

  /// `3 links`, `1 link`.
  static func counted(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
  }

  /// A glob as `--exclude` gives it, tidied as link paths are (`./` and a
  /// trailing `/` go).
  static func glob(_ text: String) -> [UInt8] {
    Array(LinkPath.tidied(text).utf8)
  }

  /// The path a broken link resolves to, as `check` prints it: the file
  /// it found, else the one the link names (from its document's folder,
  /// or `root`), else, for a fragment alone, its own document.
  static func resolved(_ link: BrokenLink, root: String, repository: RepositoryURL?) -> String {
    if let file = link.file { return file }
    guard
      case .file(let relative, _, let fromRoot) = LinkDestination.of(
        link.link, repository: repository)
    else { return link.path }
    return LinkPath.joined(fromRoot ? root : LinkPath.folder(of: link.path), relative)
  }

  /// True when a glob matches `path` as gitignore matches one: a glob
  /// with a `/` the path or a folder on its way (`../std` is everything
  /// under it), one without any name on the way (`*.png`), with git's
  /// wildmatch (`*`, `?`, `[a-z]`, `**`).
  static func excludes(_ globs: [[UInt8]], _ path: String) -> Bool {
    guard !globs.isEmpty else { return false }
    let bytes = Array(path.utf8)
    let slash = UInt8(ascii: "/")
    let ends = bytes.indices.filter { bytes[$0] == slash && $0 > 0 } + [bytes.count]
    return globs.contains { glob in
      if glob.contains(slash) {
        return ends.contains { Wildmatch.matches(glob, Array(bytes[..<$0])) }
      }
      return bytes.split(separator: slash).contains { Wildmatch.matches(glob, Array($0)) }
    }
  }

  /// By path (byte order), then line and column.
  static func order(_ a: BrokenLink, _ b: BrokenLink) -> Bool {
    if a.path != b.path { return a.path.utf8.lexicographicallyPrecedes(b.path.utf8) }
    return (a.line, a.column) < (b.line, b.column)
  }

  /// Rewrites the fixable links file by file, prints what changed, and
  /// says whether anything did. A file that cannot be rewritten is an
  /// error naming it, and stays as it was (`unwritable` is then set).
  private func fix(_ broken: [BrokenLink], unwritable: inout Bool) throws -> Bool {
    var changed = false
    var index = 0
    while index < broken.count {
      let path = broken[index].path
      var end = index
      while end < broken.count && broken[end].path == path { end += 1 }
      let links = Array(broken[index..<end])
      index = end
      guard links.contains(where: \.isFixable), path != "-" else { continue }
      let read = try cli.files.load(.file(path), limit: settings.maxSize)
      let bytes = withExtendedLifetime(read) { Array(read.buffer) }
      // Destinations are rewritten in UTF-8: a UTF-16 document is left,
      // and said so.
      if let encoding = DocumentShape.wideEncoding(of: bytes.span) {
        cli.report(
          "isle: error: \(path): a \(encoding.uppercased()) document; isle rewrites links "
            + "in UTF-8 documents only, and the file is unchanged")
        unwritable = true
        continue
      }
      let (updated, fixed) = FragmentFix.apply(links, to: bytes)
      if !fixed.isEmpty {
        do throws(AtomicFile.WriteError) {
          try cli.writer.replace(
            cli.files.resolvedPath(path), with: updated, unlessChangedFrom: read)
        } catch {
          throw DocumentError("\(path): \(error.message)", status: .failure)
        }
        for link in fixed { try cli.stdout.write(BrokenLinkReport.fixed(link) + "\n") }
        changed = true
      }
    }
    return changed
  }
}
