import Book
import Island
import Links
import Options
import Slugs

extension CheckCommand: IsleCommand {
  static let configuration = CommandDescription(
    name: "check", summary: "every link to a heading or a file resolves",
    usage: "isle check [options] [file|dir ...]",
    discussion: """
      Checks every link of each document that stays on this machine: a
      #fragment names a heading (in the --slug flavour) or an HTML id of
      the document; a relative path names a file that exists (x.html may
      be x.md, a folder its README.md or index.md), and its fragment a
      heading there. URLs are never fetched. Prints one line per broken
      link, sorted by file and line, with the nearest id; exits 0 when
      every link resolves, 1 when any is broken, 2 on an error. --exclude
      leaves out links to paths the site provides once built. A renamed
      heading's old id is suggested as its new one from git's history.
      For CI: --format sarif, junit, github or gitlab; --changed REF.
      """,
    // Levels, reading speed and the part of a page shown mean nothing to
    // links: every heading and every id of the page count.
    options: Flags.outline(.from, .slug, .maxSize, .maxNesting, .maxColumns, .noSplit)
      + Flags.many + [
        OptionSpec(
          .format, value: "FORMAT", choices: ["text", "json", "sarif", "junit", "github", "gitlab"],
          help: "text, json, or for CI sarif, junit, github or gitlab"),
        OptionSpec(
          .changed, value: "REF",
          help: "only documents changed since REF, and links to them"),
        OptionSpec(
          .sites, value: "SITES",
          help: "fragments as each site renders them (github,mkdocs)"),
        OptionSpec(.root, value: "DIR", help: "where /path links start (default: the repository)"),
        OptionSpec(
          .repositoryURL, value: "URL", help: "check links to this repository's files by URL"),
        OptionSpec(.fix, help: "rewrite a fragment that has one close suggestion"),
        OptionSpec(
          .exclude, value: "GLOB",
          help: "leave out links whose path GLOB matches (repeatable)"),
        OptionSpec(.stats, help: "say on stderr how many links broke or were excluded"),
        Flags.book,
      ],
    manyDocuments: true)

  static func decide(_ raw: RawArguments, cli: CLI) throws -> any RunnableCommand {
    try CheckCommand(raw, cli: cli)
  }
}

extension CheckCommand {
  /// `check`'s documents (a book's chapters, when the one folder given is
  /// a book), where `/path` links start, and which links are left out.
  init(_ raw: RawArguments, cli: CLI) throws {
    var operands = raw.operands
    var audited: (book: Book, audit: BookAudit)? = nil
    var llms: [CheckFinding] = []
    if operands.count == 1,
      let book = try BookCommand.book(operands[0], forced: raw.has(.book), files: cli.files)
    {
      let limit = try OptionValues.size(raw, command: "check")
      let audit = BookAudit(book, in: BookFiles(files: cli.files, limit: limit))
      let missing = Set(audit.missing.compactMap(\.path))
      operands = book.chapters.compactMap(\.path).filter { !missing.contains($0) }.map {
        BookPath.join(book.folder, $0)
      }
      audited = (book, audit)
      llms = LlmsCommand.findings(of: book, missing: audit.missing, files: cli.files)
    }
    let settings = try cli.decideSettings(
      raw, operands: operands, command: .check,
      formats: [.text, .json, .sarif, .junit, .github, .gitlab], terminal: cli.terminal)
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
      exclude: raw.values(.exclude), book: audited, llms: llms, changed: raw.value(.changed),
      sites: try Self.sites(raw), cli: cli)
  }

  /// `--sites github,mkdocs` (repeatable), else the config's `check.sites`:
  /// the command line's replace the config's. Each a flavour of `--slug`.
  static func sites(_ raw: RawArguments) throws -> [SlugFlavor] {
    let given = raw.options.filter { $0.name == .sites }
    let chosen = given.contains { $0.origin == nil } ? given.filter { $0.origin == nil } : given
    var sites: [SlugFlavor] = []
    for option in chosen {
      for name in (option.value ?? "").split(separator: ",", omittingEmptySubsequences: false) {
        let trimmed = name.trimmingCharacters(in: " ")
        guard let site = SlugFlavor(rawValue: trimmed) else {
          throw raw.invalid(
            .sites, String(name),
            expected: "sites among " + SlugFlavor.allCases.map(\.rawValue).joined(separator: ", "),
            command: "check")
        }
        if !sites.contains(site) { sites.append(site) }
      }
    }
    return sites
  }
}
