import Files
import Island
import Options
import Outline
import Records
import Terminal
import Tokens
import Walk

#if canImport(Glibc)
  import Glibc
#endif

extension Flags {
  static let jobs = OptionSpec(
    .jobs, value: "N", help: "read N documents at once (default: the cores)")

  /// Many documents at once: named in a list, a share of them, records.
  static let many =
    [
      jobs,
      OptionSpec(.hidden, help: "walk hidden files and directories too"),
      OptionSpec(.noIgnore, help: "walk what .gitignore, .ignore and git excludes skip"),
    ] + list + [
      OptionSpec(.shard, value: "K/N", help: "only the K-th of N shares, by a hash of the path"),
      OptionSpec(
        .records,
        conflicts: [
          .given(.filesFrom), .given(.fix), .given(.changed), .given(.book), .given(.write),
          .given(.check), .given(.diff),
          .value(.format, "text", "tsv", "markdown", "html", "sarif", "junit", "github", "gitlab"),
        ], help: "documents as JSON Lines on stdin, records out"),
    ]

  /// The paths of a list, for every command that reads files.
  static let list = [
    OptionSpec(.filesFrom, value: "FILE", help: "the paths FILE lists, one a line (- for stdin)"),
    OptionSpec(
      .null, short: "0", requires: [.given(.filesFrom)], help: "the list's paths end in NUL"),
  ]

  /// Whether each document's path is printed.
  static let path = [
    OptionSpec(
      .withPath, short: "H", conflicts: notListed,
      help: "name the document even when there is one"),
    OptionSpec(
      .noPath, conflicts: notListed, help: "never name the document, however many"),
  ]

  /// What the path options cannot be given with: outputs that either
  /// always name the document (json) or never do (the list).
  private static let notListed: [OptionCondition] = [
    .value(.format, "json", "markdown"), .given(.write), .given(.check), .given(.diff),
  ]

  static let tokenizer = OptionSpec(
    .tokenizer, value: "FILE",
    help: "count tokens with this rank file or tokenizer.json")
}

/// What every command decides before it reads a byte: how to outline, how
/// to draw, and which documents. The second step of argument parsing.
struct Settings: Sendable {
  var outline: OutlineOptions
  /// `--slug`: one flavour for every document, or each one's own.
  var slug: SlugChoice
  var format: OutputFormat
  var display: Display
  /// Where the reader stands, as the options said it.
  var position: PositionRequest
  var sources: [InputSource]
  /// What walking the folders given ran into.
  var walk: SourceWalker.Walked
  /// How many documents are read at once.
  var jobs: Int
  /// True when each document is named (`--with-path`, `--no-path`, else
  /// when there are several).
  var showsPaths: Bool
  /// The toc asked for in Markdown (`--ordered`,
  /// `--details`, `--include-title`, `--after-markers`).
  var toc: TocRequest
  /// With several documents in one Markdown list, the folder their links
  /// are relative to: `--base`, else the one folder given.
  var indexBase: String?
  /// The largest document read, in bytes.
  var maxSize: Int
  /// `--stats`: say how each document was parsed.
  var stats = false
  /// `--shard K/N`: only the documents (or records) of this share.
  var shard: Shard? = nil
  /// `--records`: the documents are JSON Lines on standard input.
  var records = false
  /// `--tokenizer` (or the config file's `tokenizer`, from its folder):
  /// the file tokens are counted with; nil for an estimate.
  var tokenizerPath: String? = nil

  /// Decides the settings of `command` from the words given and the
  /// environment. `operands` are the files (what `jump` is given already taken off).
  static func decide(
    _ raw: RawArguments, operands: [String], command: Command, formats: [OutputFormat],
    environment: [String: String], terminal: TerminalFacts, inputIsTerminal: Bool,
    files: FileAccess
  ) throws -> Settings {
    let name = command.rawValue
    let records = raw.has(.records)
    if records, let first = operands.first {
      throw UsageError(
        "--records reads the documents from standard input, and '\(first)' is a file: "
          + "give files or records, not both", command: name)
    }
    let listed = try Self.listed(raw, files: files, command: name)
    let operands = operands + (listed ?? [])
    let many = command.configuration.manyDocuments
    if !many && operands.count > 1 {
      try CLI.expectOneDocument(operands, command: command)
    }
    if operands.isEmpty && listed == nil && inputIsTerminal {
      // The examples are whole commands that work as they stand.
      let needs = command.configuration.example
      throw UsageError(
        "no document given, and standard input is a terminal: name a file "
          + "('isle \(name)\(needs) README.md') or pipe one in "
          + "('cat README.md | isle \(name)\(needs)')",
        command: name)
    }
    let format =
      try OptionValues.choice(raw, .format, as: OutputFormat.self, allowed: formats, command: name)
      ?? (records ? .json : .text)
    let walker = SourceWalker(
      includeHidden: raw.has(.hidden), ignoring: !raw.has(.noIgnore), environment: environment,
      fileSystem: files)
    let shard = try raw.value(.shard).map { text in
      guard let shard = Shard(text) else {
        throw raw.invalid(
          .shard, text, expected: "K/N, the K-th of N shares (1/4 to 4/4)", command: name)
      }
      return shard
    }
    var walked =
      records || (operands.isEmpty && listed != nil)
      ? SourceWalker.Walked(sources: [])
      : operands.isEmpty
        ? SourceWalker.Walked(sources: [.standardInput])
        : many
          ? walker.expand(operands)
          // where and jump read one document: a directory is an error.
          : SourceWalker.Walked(sources: operands.map { $0 == "-" ? .standardInput : .file($0) })
    // Whether paths are named does not hang on the share.
    let several = walked.sources.count > 1
    if let shard { walked = walked.kept(by: shard) }
    return Settings(
      outline: try OptionValues.outlineOptions(raw, command: name),
      slug: try OptionValues.slug(raw, command: name),
      format: format,
      display: try Display.decide(raw, command: name, environment: environment, terminal: terminal),
      position: try PositionRequest.decide(raw, command: command),
      sources: walked.sources,
      walk: walked,
      jobs: try OptionValues.integer(raw, .jobs, in: 1...1024, command: name) ?? Self.cores,
      showsPaths: raw.options.last { $0.name == .withPath || $0.name == .noPath }
        .map { $0.name == .withPath } ?? several,
      toc: try TocRequest.decide(raw, command: name),
      indexBase: raw.value(.base)
        ?? (operands.count == 1 && files.isDirectory(operands[0]) ? operands[0] : nil),
      maxSize: try OptionValues.size(raw, command: name), stats: raw.has(.stats), shard: shard,
      records: records, tokenizerPath: tokenizerPath(raw, environment: environment))
  }

  /// The paths `--files-from` lists (standard input for `-`), NUL-ended
  /// with `-0`; nil without the option.
  static func listed(_ raw: RawArguments, files: FileAccess, command: String) throws -> [String]? {
    guard let list = raw.value(.filesFrom) else { return nil }
    let bytes = try files.bytes(list == "-" ? .standardInput : .file(list), limit: .max)
    return PathList.paths(in: bytes, nulSeparated: raw.has(.null))
  }

  /// The tokenizer's file as given: a relative path in the config file is
  /// from the config file's folder, `~/` from the home folder.
  static func tokenizerPath(_ raw: RawArguments, environment: [String: String]) -> String? {
    guard let given = raw.last(.tokenizer), let path = given.value else { return nil }
    if path.hasPrefix("~/"), let home = environment["HOME"] { return home + path.dropFirst() }
    guard let origin = given.origin, !path.hasPrefix("/") else { return path }
    // The origin is `file:line`; the folder is what stands before the last `/`.
    let file = origin[..<(origin.lastIndex(of: ":") ?? origin.endIndex)]
    guard let slash = file.lastIndex(of: "/") else { return path }
    return file[...slash] + path
  }

  /// The tokenizer tokens are counted with: the file's, else the estimate.
  /// A file that is no tokenizer is an error naming it.
  func tokenizer(_ files: FileAccess) throws -> Tokenizer {
    try Self.tokenizer(at: tokenizerPath, files)
  }

  /// The tokenizer in the file at `path`; the estimate for none.
  static func tokenizer(at path: String?, _ files: FileAccess) throws -> Tokenizer {
    guard let path else { return .estimate }
    let bytes = try files.bytes(.file(path), limit: 1 << 30)
    let name = String(path[(path.lastIndex(of: "/").map(path.index(after:)) ?? path.startIndex)...])
    do {
      return try Tokenizer(name: name, bytes: bytes)
    } catch {
      throw DocumentError(path + ": " + error.reason, status: .failure)
    }
  }

  /// How these settings load a document.
  func loader(_ files: FileAccess) -> DocumentLoader {
    DocumentLoader(
      files: files, options: outline, maxSize: maxSize,
      detector: slug == .auto ? SlugFlavorDetector(files: files) : nil,
      books: BookChapters(files: files))
  }

  /// The cores this machine has online, the default for `--jobs`.
  static var cores: Int { max(Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))), 1) }
}

extension SourceWalker.Walked {
  /// Only the documents `shard` keeps, each by its path as named (`-`
  /// for standard input); what the walk ran into stays.
  func kept(by shard: Shard) -> SourceWalker.Walked {
    var kept = self
    kept.sources = []
    kept.found = []
    for (index, source) in sources.enumerated() where shard.keeps(source.path ?? "-") {
      if found.contains(index) { kept.found.insert(kept.sources.count) }
      kept.sources.append(source)
    }
    return kept
  }
}
