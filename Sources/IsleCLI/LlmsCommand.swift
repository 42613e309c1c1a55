import Book
import Cells
import Editing
import Files
import Island
import JSON
import LlmsText
import Options
import Outline
import Parallel
import Tokens

/// `isle llms BOOK`: the book's llms.txt (or llms-full.txt, whole or in
/// parts) from its order, written, printed or checked as `toc --check`
/// checks a contents list.
struct LlmsCommand: RunnableCommand {
  let book: Book
  let settings: Settings
  /// `--full`: every chapter's text rather than the list of links.
  let full: Bool
  /// `--max-tokens`: llms-full.txt in parts of at most this many tokens.
  let maxTokens: Int?
  /// `--base-url`: the address the site's pages are under.
  let baseURL: String?
  /// `--output`: the file written or checked.
  let output: String?
  /// `--check` (or `--diff`): compare, write nothing.
  let check: Bool
  let diff: Bool
  let cli: CLI

  /// The tokens are estimated (the estimate records give without
  /// `--tokenizer`), and said so (`~N`).
  static let estimated = true

  /// Counts the tokens of a text: the one spot a tokenizer would go.
  static func tokens(_ text: String) -> Int { Tokenizer.estimate.count(text) }

  init(_ raw: RawArguments, cli: CLI) throws {
    guard raw.operands.count == 1 else {
      throw UsageError(
        raw.operands.isEmpty
          ? "no book given: name a SUMMARY.md, a mkdocs.yml or a folder ('isle llms docs')"
          : "llms reads one book, not \(raw.operands.count) ('\(raw.operands[1])')",
        command: "llms")
    }
    let path = raw.operands[0]
    guard let book = try BookCommand.book(path, forced: true, files: cli.files) else {
      throw DocumentError("\(path): no book", status: .failure)
    }
    if let base = raw.value(.baseURL), base.isEmpty || base.contains(where: \.isWhitespace) {
      throw raw.invalid(
        .baseURL, base, expected: "a URL such as https://example.org/book/", command: "llms")
    }
    self.init(
      book: book,
      settings: try cli.decideSettings(
        raw, operands: raw.operands, command: .llms, formats: [.text], terminal: cli.terminal),
      full: raw.has(.full),
      maxTokens: try OptionValues.integer(raw, .maxTokens, in: 1...1_000_000_000, command: "llms"),
      baseURL: raw.value(.baseURL), output: raw.value(.output),
      check: raw.has(.check) || raw.has(.diff), diff: raw.has(.diff), cli: cli)
  }

  init(
    book: Book, settings: Settings, full: Bool, maxTokens: Int?, baseURL: String?,
    output: String?, check: Bool, diff: Bool, cli: CLI
  ) {
    self.book = book
    self.settings = settings
    self.full = full
    self.maxTokens = maxTokens
    self.baseURL = baseURL
    self.output = output
    self.check = check
    self.diff = diff
    self.cli = cli
  }

  func run() throws -> ExitStatus {
    let reader = BookCommand(book: book, settings: settings, cli: cli)
    let (documents, failures) = reader.documents()
    let files = try made(documents)
    let status = check ? try compare(files) : try write(files)
    return failures.isEmpty ? status : .failure
  }

  /// What the book makes: each file's path (nil for standard output) and
  /// text.
  func made(_ documents: [Document?]) throws -> [(path: String?, text: String)] {
    let titles = zip(book.chapters, documents).map { BookCommand.title($0, $1) }
    let plan = LlmsPlan(book, titles: titles) { documents[$0] != nil }
    // Each chapter read, expanded and its first paragraph found, side by
    // side.
    let entries = plan.entries
    let first = book.chapters.indices.first { documents[$0] != nil }
    let read = OrderedParallelMap.collect(count: entries.count, jobs: settings.jobs) { at in
      let text = chapterText(entries[at])
      let wanted = !full || entries[at] == first
      return (text, wanted ? ChapterText.firstParagraph(Array(text.utf8)) : nil)
    }
    let texts = Dictionary(uniqueKeysWithValues: zip(entries, read.map(\.0)))
    let paragraphs = Dictionary(uniqueKeysWithValues: zip(entries, read.map(\.1)))
    let paragraph = first.flatMap { index in
      (texts[index] == nil ? ChapterText.firstParagraph(Array(chapterText(index).utf8))
        : paragraphs[index] ?? nil).map { ChapterText.summary(of: $0) }
    }
    let title = book.title ?? first.map { titles[$0] } ?? BookPath.name(of: book.folder)
    let summary = paragraph
    let url = { (index: Int) in SiteURL.of(book.chapters[index].path ?? "", in: book, base: baseURL) }
    guard full else {
      let minutes = BookCommand.minutes(documents).chapters
      let sections = plan.sections.map { section in
        (
          section.title,
          section.entries.map { index in
            let text = texts[index] ?? ""
            let paragraph = paragraphs[index] ?? nil
            return LlmsIndex.Page(
              title: titles[index], url: url(index),
              sentence: paragraph.map { ChapterText.firstSentence(of: $0) },
              minutes: documents[index]?.reading.isEmpty == false ? minutes[index] : nil,
              tokens: Self.tokens(text))
          }
        )
      }
      let text = LlmsIndex.text(
        title: title, summary: summary, sections: sections, estimated: Self.estimated)
      return [(outputPath(default: "llms.txt"), text)]
    }
    // Every chapter in the book's order, each once.
    let chapters = book.chapters.indices.filter { texts[$0] != nil }.map { index in
      LlmsFull.Chapter(
        url: url(index), text: texts[index] ?? "",
        path: BookPath.join(book.folder, book.chapters[index].path ?? ""))
    }
    guard let maxTokens else {
      let full = LlmsFull.text(title: title, summary: summary, chapters: chapters)
      return [(outputPath(default: "llms-full.txt"), full)]
    }
    let parts: [String]
    do throws(LlmsFull.TooLargeError) {
      parts = try LlmsFull.parts(
        title: title, summary: summary, chapters: chapters, maxTokens: maxTokens, count: Self.tokens)
    } catch {
      throw DocumentError(
        "\(error.path):\(error.line): a block of \(error.tokens) tokens, more than "
          + "--max-tokens \(maxTokens) leaves for one (a part's title and summary take the rest)",
        status: .failure)
    }
    let name = output ?? (check ? BookPath.join(book.folder, "llms-full.txt") : "llms-full.txt")
    return parts.enumerated().map { (Self.numbered(name, $0.offset + 1), $0.element) }
  }

  /// The file written or checked: `--output`, else with `--check` the one
  /// in the book's folder, else none (standard output).
  private func outputPath(default name: String) -> String? {
    output ?? (check ? BookPath.join(book.folder, name) : nil)
  }

  /// `llms-full.txt` as part `k`: `llms-full-k.txt`.
  static func numbered(_ path: String, _ k: Int) -> String {
    let name = BookPath.name(of: path)
    let folder = path.contains("/") ? BookPath.folder(of: path) : ""
    let stem = name.lastIndex(of: ".").map { String(name[..<$0]) } ?? name
    let suffix = name.lastIndex(of: ".").map { String(name[$0...]) } ?? ""
    return BookPath.join(folder, "\(stem)-\(k)\(suffix)")
  }

  /// The chapter's Markdown as the site builds it: mdBook's includes
  /// expanded, front matter left out. Empty when it cannot be read (its
  /// error was reported with the book's documents).
  func chapterText(_ index: Int) -> String {
    guard let path = book.chapters[index].path else { return "" }
    let folder = BookFiles(files: cli.files)
    guard var bytes = try? cli.files.bytes(.file(BookPath.join(book.folder, path)), limit: settings.maxSize)
    else { return "" }
    if book.form == .mdBook {
      bytes = MdBookExpanded(bytes, chapter: path, in: book, files: folder).bytes
    }
    let hidden = DocumentShape.frontMatterEnd(of: bytes.span)
    return String(decoding: bytes[hidden...], as: UTF8.self)
  }

  /// Writes each file (standard output for none); parts name themselves
  /// on standard output, and parts an earlier run left past the last go.
  private func write(_ files: [(path: String?, text: String)]) throws -> ExitStatus {
    for (path, text) in files {
      guard let path else {
        try cli.stdout.write(text)
        continue
      }
      do throws(AtomicFile.WriteError) {
        try cli.writer.write(cli.files.resolvedPath(path), with: Array(text.utf8))
      } catch {
        throw DocumentError("\(path): \(error.message)", status: .failure)
      }
      if maxTokens != nil { try cli.stdout.write(path + "\n") }
    }
    if maxTokens != nil, let last = files.last?.path {
      var k = files.count + 1
      while true {
        let left = Self.numbered(part: last, files.count, k)
        guard cli.files.kind(left) == .regular, cli.writer.remove(cli.files.resolvedPath(left))
        else { break }
        cli.report("isle: \(left): removed, a part an earlier run left")
        k += 1
      }
    }
    return .success
  }

  /// Part `k` beside part `count`, whose path is `last`.
  private static func numbered(part last: String, _ count: Int, _ k: Int) -> String {
    let name = BookPath.name(of: last)
    let folder = last.contains("/") ? BookPath.folder(of: last) : ""
    let tail = "-\(count)"
    guard let dot = name.lastIndex(of: "."), name[..<dot].hasSuffix(tail) else { return last }
    let stem = name[..<dot].dropLast(tail.count)
    return BookPath.join(folder, "\(stem)-\(k)\(name[dot...])")
  }

  /// `--check` and `--diff`: names each file that is not what would be
  /// written (a missing one, or a part past the last, counts), with its
  /// diff; exit 1 when any is.
  private func compare(_ files: [(path: String?, text: String)]) throws -> ExitStatus {
    var wanted = files.compactMap { path, text in path.map { ($0, text) } }
    if maxTokens != nil, let last = files.last?.path {
      let extra = Self.numbered(part: last, files.count, files.count + 1)
      if cli.files.kind(extra) == .regular { wanted.append((extra, "")) }
    }
    var stale = false
    for (path, text) in wanted {
      let old = (try? cli.files.bytes(.file(path), limit: Int.max)).map {
        String(decoding: $0, as: UTF8.self)
      }
      guard old != text else { continue }
      stale = true
      try cli.stdout.write(path + "\n")
      if diff {
        try cli.stdout.write(
          UnifiedDiff.render(old: old ?? "", new: text, oldName: path, newName: path))
      }
    }
    return stale ? .nothingFound : .success
  }
}

extension LlmsCommand {
  /// The files an llms.txt beside `book` may be: in the book's folder
  /// (mdBook's `src`, MkDocs' `docs_dir`, which the site serves at its
  /// root), else beside its `book.toml` or `mkdocs.yml`.
  static func besides(_ book: Book) -> [String] {
    var folders = [book.folder, BookPath.folder(of: book.source)]
    if book.form == .mdBook { folders.append(BookPath.folder(of: book.folder)) }
    var seen: Set<String> = []
    return folders.filter { seen.insert($0).inserted }.map { BookPath.join($0, "llms.txt") }
  }

  /// `isle check BOOK`'s findings of the llms.txt beside it, if any: each
  /// link under the site's address that is no chapter's page, at its
  /// location, and each chapter (whose file is there) no link names, at the
  /// file's first line.
  static func findings(of book: Book, missing: [Chapter], files: FileAccess) -> [CheckFinding] {
    guard let path = besides(book).first(where: { files.kind($0) == .regular }),
      let bytes = try? files.bytes(.file(path), limit: 16 << 20)
    else { return [] }
    let gone = Set(missing.compactMap(\.path))
    var chapters: [(url: String, path: String)] = []
    for chapter in book.chapters {
      guard let file = chapter.path, !gone.contains(file) else { continue }
      chapters.append((SiteURL.of(file, in: book), file))
    }
    let audit = LlmsAudit(String(decoding: bytes, as: UTF8.self), chapters: chapters.map(\.url))
    let stale = audit.stale.map { link in
      CheckFinding(
        rule: .staleLlmsTxt, path: path, line: link.line, column: link.column,
        message: "no chapter of the book is at \(SafeText.forTerminal(link.url))",
        target: link.url)
    }
    let files = Dictionary(chapters.map { ($0.url, $0.path) }) { first, _ in first }
    let unlinked = audit.unlinked.map { url in
      CheckFinding(
        rule: .staleLlmsTxt, path: path, line: 1, column: 1,
        message: "no link to chapter \(SafeText.forTerminal(files[url] ?? url)) (\(url))",
        target: url)
    }
    return stale + unlinked
  }
}

extension LlmsCommand: IsleCommand {
  static let configuration = CommandDescription(
    name: "llms", summary: "a book's llms.txt (or llms-full.txt) for language models",
    usage: "isle llms [--full [--max-tokens N]] [--base-url URL] [options] book",
    discussion: """
      Writes a book's llms.txt (llmstxt.org) from its order (SUMMARY.md,
      mkdocs.yml or a folder): its title, its first paragraph as the
      summary, a section for each part, each chapter a link with its first
      sentence, minutes and tokens (estimated); suffix chapters, appendices
      and what is under a draft go under Optional. Links are the pages as
      the site serves them: x.html for mdBook, x/ for MkDocs, under
      --base-url when given. --full writes llms-full.txt, every chapter in
      order; --max-tokens N cuts it into llms-full-1.txt, llms-full-2.txt...
      beside --output, each at most N tokens. --check exits 1 when the file
      (--output, else the one in the book's folder) differs.
      """,
    options: Flags.outline(.wpm, .maxSize) + [
      OptionSpec(.full, help: "write llms-full.txt: every chapter's text in order"),
      OptionSpec(
        .maxTokens, value: "N", requires: [.given(.full)],
        help: "cut llms-full.txt into files of at most N tokens"),
      OptionSpec(.baseURL, value: "URL", help: "links under URL, as the site serves the pages"),
      OptionSpec(.output, value: "FILE", help: "write FILE (default: standard output)"),
      OptionSpec(.check, help: "change nothing; exit 1 when the file differs"),
      OptionSpec(.diff, help: "check, and print the diff"),
      Flags.jobs,
    ])

  static func decide(_ raw: RawArguments, cli: CLI) throws -> any RunnableCommand {
    try LlmsCommand(raw, cli: cli)
  }
}
