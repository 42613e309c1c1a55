import Book
import Editing
import Files
import Island
import Links
import Options
import Outline
import Parallel
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
  let cli: CLI

  func run() throws -> ExitStatus {
    guard let book else { return try links() }
    try BookCommand.report(book.audit, of: book.book, json: settings.format == .json, cli: cli)
    // A book without a chapter to read has no links to check.
    let missing = Set(book.audit.missing.compactMap(\.path))
    if book.book.chapters.allSatisfy({ $0.path.map(missing.contains) ?? true }) {
      return book.audit.isEmpty ? .success : .nothingFound
    }
    let status = try links()
    // The book's own findings count as broken links do.
    return !book.audit.isEmpty && status == .success ? .nothingFound : status
  }

  /// Checks the documents' links.
  private func links() throws -> ExitStatus {
    if fix && settings.sources.contains(.standardInput) {
      throw UsageError(
        "--fix rewrites files, and standard input is no file: name the document",
        command: "check")
    }
    let walkFailed = !cli.reportWalk(settings.walk).isEmpty
    var (broken, failed) = brokenLinks(quiet: fix)
    if fix {
      // What the rewrite left broken is what a fresh check finds in the
      // files as they now are, not what was left unfixed before.
      var unwritable = false
      if try self.fix(broken, unwritable: &unwritable) || settings.stats {
        (broken, failed) = brokenLinks()
      }
      failed = failed || unwritable
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
  /// could not be read (each such error reported). `quiet` for the
  /// check before `--fix` rewrites: the figures are the last check's.
  private func brokenLinks(quiet: Bool = false) -> (broken: [BrokenLink], failed: Bool) {
    var failed = false
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
      } catch let error where DocumentFailure.isBinary(error) && found.contains(index) {
        // A binary file met in a folder is passed over, as grep passes it.
        return (nil, nil, true)
      } catch {
        return (nil, Failure(error).line, false)
      }
    } consume: { _, outcome in
      if let document = outcome.document { documents.append(document) }
      if outcome.binary { binaries += 1 }
      if let error = outcome.error {
        cli.report(error)
        failed = true
      }
    }
    var known: [String: DocumentAnchors] = [:]
    for outlined in documents {
      if let path = outlined.document.path {
        known[LinkPath.tidied(path)] = DocumentAnchors(outlined.document, links: outlined.links)
      }
    }
    let targets = CheckTargets(files: cli.files, loader: loader, known: known)
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
      }
      return (kept, broken.count - kept.count)
    }
    let broken = checked.flatMap(\.broken).sorted(by: Self.order)
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
    return (broken, failed)
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
        do throws(AtomicFile.Failure) {
          try cli.writer.replace(
            cli.files.resolvedPath(path), with: updated, unlessChangedFrom: read)
        } catch {
          throw DocumentFailure("\(path): \(error.message)", status: .failure)
        }
        for link in fixed { try cli.stdout.write(BrokenLinkReport.fixed(link) + "\n") }
        changed = true
      }
    }
    return changed
  }
}

extension CheckCommand {
  /// `check`'s documents (a book's chapters, when the one folder given is
  /// a book), where `/path` links start, and which links are left out.
  init(_ raw: RawArguments, cli: CLI) throws {
    var operands = raw.operands
    var audited: (book: Book, audit: BookAudit)? = nil
    if operands.count == 1,
      let book = try BookCommand.book(operands[0], forced: raw.has(.book), files: cli.files)
    {
      let audit = BookAudit(book, in: BookFiles(files: cli.files))
      let missing = Set(audit.missing.compactMap(\.path))
      operands = book.chapters.compactMap(\.path).filter { !missing.contains($0) }.map {
        BookPath.join(book.folder, $0)
      }
      audited = (book, audit)
    }
    let settings = try cli.decideSettings(
      raw, operands: operands, command: .check, formats: [.text, .json], terminal: cli.terminal)
    var repository: RepositoryURL? = nil
    if let address = raw.value(.repositoryURL) {
      guard let parsed = RepositoryURL(address) else {
        throw raw.invalid(
          .repositoryURL, address, expected: "an http(s) URL such as https://github.com/o/r",
          command: "check")
      }
      repository = parsed
    }
    self.init(
      settings: settings, root: raw.value(.root), repository: repository, fix: raw.has(.fix),
      exclude: raw.values(.exclude), book: audited, cli: cli)
  }
}
