import Book
import Cells
import Files
import Found
import Island
import JSON
import Options
import Outline
import Parallel
import Reader
import ReadingTime

/// `isle toc BOOK`: a book's chapters in its order, each chapter's
/// headings under it, with a time for each chapter and the whole.
struct BookCommand: RunnableCommand {
  let book: Book
  let settings: Settings
  let cli: CLI

  /// The book `path` names, when it is one (`--book` makes any folder
  /// one), or nil for an ordinary document or folder.
  static func book(_ path: String, forced: Bool, files: FileAccess) throws -> Book? {
    let folder = BookFiles(files: files)
    guard forced || Book.isNamed(path, in: folder) else { return nil }
    do {
      return try Book.open(path, in: folder)
    } catch {
      throw DocumentError(error.message, status: .failure)
    }
  }

  /// Each entry's document: nil for a part, a separator, a draft, or a
  /// file that could not be read (reported on standard error, unless
  /// `reporting` is false: the pager shows them on its screen first), and
  /// what reading them warned of (an include leading outside), said on
  /// standard error when reporting.
  /// With `moved` false, an mdBook chapter's positions are those of its
  /// expanded text, as the pager draws it.
  func documents(reporting: Bool = true, moved: Bool = true)
    -> (documents: [Document?], failures: [String])
  {
    let loader = settings.loader(cli.files)
    let chapters = book.chapters
    let results = OrderedParallelMap.collect(count: chapters.count, jobs: settings.jobs) {
      index -> Result<(Document, [String])?, any Error> in
      guard let path = chapters[index].path else { return .success(nil) }
      return Result { try chapter(path, loader: loader, moved: moved) }
    }
    var failures: [String] = []
    let documents = results.map { result -> Document? in
      switch result {
      case .success(let read):
        if reporting {
          for warning in read?.1 ?? [] {
            cli.report("isle: warning: " + SafeText.forTerminal(warning))
          }
        }
        return read?.0
      case .failure(let error):
        let line = Failure(error).line ?? "\(error)"
        if reporting { cli.report(line) }
        failures.append(line)
        return nil
      }
    }
    return (documents, failures)
  }

  /// The document of the chapter at `path` (in the book's folder), and
  /// what reading it warned of: in an mdBook, outlined as mdBook builds
  /// it, its includes expanded and its `{{#title}}` its title, its
  /// positions still the file's own (`DocumentLoader.chapter`).
  func chapter(_ path: String, loader: DocumentLoader, moved: Bool = true) throws -> (
    Document, [String]
  ) {
    let loaded = try loader.chapter(.file(BookPath.join(book.folder, path)), path, of: book)
    let document = moved ? loaded.document : loaded.chapter?.outlined.document ?? loaded.document
    return (document, loaded.warnings)
  }

  /// The bytes the pager draws of the chapter at `file` (its path as the
  /// reader's book gives it), read as `bytes`: in an mdBook, expanded.
  func drawn(_ file: String, _ bytes: LoadedBytes) -> LoadedBytes {
    guard book.form == .mdBook,
      let path = book.chapters.lazy.compactMap(\.path).first(where: {
        BookPath.join(book.folder, $0) == file
      })
    else { return bytes }
    let expanded = MdBookExpanded(
      Array(bytes.buffer), chapter: path, in: book, files: BookFiles(files: cli.files))
    return expanded.splices.isEmpty ? bytes : LoadedBytes(copying: expanded.bytes)
  }

  func run() throws -> ExitStatus {
    let (documents, failed) = self.documents()
    let output: String
    switch settings.format {
    case .json, .spoken: output = json(documents) + "\n"
    case .markdown: output = markdown(documents)
    case .tsv, .text, .sarif, .junit, .github, .gitlab: output = text(documents).map { $0 + "\n" }.joined()
    }
    try cli.stdout.write(output)
    return failed.isEmpty ? .success : .failure
  }

  /// The title an entry shows: the table of contents', else the
  /// chapter's own (its first heading, of any level, unless its title is
  /// given apart and that heading is no `#`), else its file's name.
  static func title(_ chapter: Chapter, _ document: Document?) -> String {
    if let title = chapter.title { return title }
    if let document {
      if let first = document.sections.first, first.level == 1 { return first.title }
      if let title = document.title { return title }
      if let first = document.sections.first { return first.title }
    }
    return chapter.path.map { BookPath.name(of: $0) } ?? ""
  }

  /// The book's minutes and each entry's share of them (nil for an entry
  /// without a document): the chapters' seconds added, rounded once and
  /// shared out, so the rows add up to the total every command gives.
  static func minutes(_ documents: [Document?]) -> (total: Int, chapters: [Int?]) {
    let shares = MinuteShares.shares(ofSeconds: documents.compactMap { $0?.seconds })
    var next = shares.parts.makeIterator()
    return (shares.total, documents.map { $0 == nil ? nil : next.next() })
  }

  /// A chapter's headings as rows: its title heading (the one that says
  /// again what the row says) left out, levels counted from the chapter.
  static func headings(_ chapter: Chapter, _ document: Document) -> [Section] {
    var sections = document.sections
    if let first = sections.first, first.level == (sections.map(\.level).min() ?? 1),
      first.title.lowercased() == title(chapter, document).lowercased()
    {
      sections.removeFirst()
    }
    return sections
  }

  /// The rows of the book's contents, each with the entry it belongs to
  /// (a heading, its chapter's) and the byte of it the row stands for.
  func rows(_ documents: [Document?]) -> [(row: BookContents.Row, entry: Int, byte: Int)] {
    let copy = settings.display.copy
    var rows: [(row: BookContents.Row, entry: Int, byte: Int)] = []
    let shares = Self.minutes(documents).chapters
    for (entry, (chapter, document)) in zip(book.chapters, documents).enumerated() {
      let title = Self.title(chapter, document)
      switch chapter.kind {
      case .part: rows.append((.init(kind: .part, title: title, depth: chapter.depth), entry, 0))
      case .separator:
        rows.append((.init(kind: .separator, title: "", depth: chapter.depth), entry, 0))
      case .draft:
        rows.append(
          (
            .init(kind: .draft, number: chapter.numberText, title: title, depth: chapter.depth),
            entry, 0
          ))
      case .prefix, .numbered, .suffix:
        guard let document else {
          // Reported on standard error already; the row says so too.
          rows.append(
            (
              .init(
                kind: .missing, number: chapter.numberText, title: title, depth: chapter.depth),
              entry, 0
            ))
          continue
        }
        let time = copy.time(minutes: shares[entry] ?? 0, anything: !document.reading.isEmpty)
        rows.append(
          (
            .init(
              kind: .chapter, number: chapter.numberText, title: title, depth: chapter.depth,
              time: time), entry, 0
          ))
        let headings = Self.headings(chapter, document)
        let base = headings.map(\.level).min() ?? 1
        for heading in headings {
          rows.append(
            (
              .init(
                kind: .heading, title: heading.title,
                depth: chapter.depth + 1 + heading.level - base), entry, heading.offset
            ))
        }
      }
    }
    return rows
  }

  func text(_ documents: [Document?]) -> [String] {
    let copy = settings.display.copy
    let minutes = Self.minutes(documents).total
    let anything = documents.contains { !($0?.reading.isEmpty ?? true) }
    let display = settings.display
    return BookContents(
      rows: rows(documents).map(\.row),
      frame: ContentsFrame(
        barDetail: copy.time(minutes: minutes, anything: anything) ?? "", copy: copy,
        theme: display.theme, width: display.width)
    ).lines()
  }

  /// The book as the pager reads it, open at its first chapter: the
  /// chapters that have a file and could be read, and the contents' rows,
  /// a part, a separator or a draft going to the chapter after it.
  func readerBook(_ documents: [Document?]) -> ReaderBook {
    var chapters: [ReaderBook.Chapter] = []
    var readable: [Int: Int] = [:]
    for (entry, (chapter, document)) in zip(book.chapters, documents).enumerated() {
      guard let document, let path = chapter.path else { continue }
      readable[entry] = chapters.count
      chapters.append(
        ReaderBook.Chapter(
          title: Self.title(chapter, document), path: BookPath.join(book.folder, path),
          document: document))
    }
    let rows = rows(documents).map { row, entry, byte in
      let chapter = (entry..<book.chapters.count).lazy.compactMap { readable[$0] }.first
      return ReaderBook.Row(row: row, chapter: chapter, byte: readable[entry] == nil ? 0 : byte)
    }
    return ReaderBook(chapters: chapters, rows: rows, current: 0)
  }

  func json(_ documents: [Document?]) -> String {
    var json = JSONWriter()
    json.open()
    json.add("book", book.source)
    json.add("form", book.form.rawValue)
    json.add("folder", book.folder)
    // As `where BOOK` and the island count: the chapters that have a file.
    json.add(
      "chapterCount", zip(book.chapters, documents).filter { $0.hasFile && $1 != nil }.count)
    let minutes = Self.minutes(documents)
    json.add("minutes", minutes.total)
    json.key("chapters")
    json.openArray()
    for (entry, (chapter, document)) in zip(book.chapters, documents).enumerated() {
      json.element()
      json.open()
      json.add("kind", chapter.kind.rawValue)
      json.add("title", Self.title(chapter, document))
      json.add("number", chapter.numberText.isEmpty ? nil : chapter.numberText)
      json.add("path", chapter.path.map { BookPath.join(book.folder, $0) })
      json.add("depth", chapter.depth)
      json.add("line", chapter.line)
      // The chapter's share of the book's minutes (its document's own
      // minutes are rounded alone).
      json.add("minutes", minutes.chapters[entry])
      json.key("document")
      if let document { DocumentJSON.write(document, to: &json) } else { json.null() }
      json.close()
    }
    json.closeArray()
    json.close()
    return json.text
  }

  /// The linked list of the whole book: each chapter a link to its file,
  /// its headings links into it; parts and drafts as plain items.
  func markdown(_ documents: [Document?]) -> String {
    var output = ""
    for (chapter, document) in zip(book.chapters, documents) where chapter.kind != .separator {
      let indent = String(repeating: "  ", count: chapter.depth)
      let title = MarkdownEscape.inline(Self.title(chapter, document))
      guard let path = chapter.path else {
        let item = chapter.kind == .part ? "**\(title)**" : MarkdownEscape.startEscaped(title)
        output += indent + "- " + item + "\n"
        continue
      }
      let link = RelativePath.from(
        settings.indexBase ?? ".", to: BookPath.join(book.folder, path)
      ).replacing(" ", with: "%20")
      output += indent + "- [\(title)](\(link))\n"
      guard let document else { continue }
      let headings = Self.headings(chapter, document)
      let base = headings.map(\.level).min() ?? 1
      for heading in headings where !heading.omittedFromContents {
        let inner = String(repeating: "  ", count: chapter.depth + 1 + heading.level - base)
        let anchor = heading.id.map { "#" + $0 } ?? ""
        output += inner + "- [\(MarkdownEscape.inline(heading.title))](\(link)\(anchor))\n"
      }
    }
    return output
  }
}

/// The files a book is read from, through the CLI's own reader, none
/// larger than `limit` (`--max-size`) and no FIFO or device (never a
/// wait).
struct BookFiles: BookFolder {
  let files: FileAccess
  var limit = 256 << 20

  func entries(of folder: String) -> [(name: String, isFolder: Bool)]? {
    guard files.isDirectory(folder), let names = files.entries(folder) else { return nil }
    return names.map { ($0, files.isDirectory(BookPath.join(folder, $0))) }
  }

  func bytes(of path: String) -> [UInt8]? {
    guard files.kind(path) == .regular else { return nil }
    return try? files.bytes(.file(path), limit: limit)
  }

  func unread(_ path: String) -> UnreadFile {
    switch files.kind(path) {
    case .special, .directory: return .notAFile
    case .regular:
      // isle's own refusal (no errno) is the limit's.
      do { _ = try files.bytes(.file(path), limit: limit) } catch let failure as LoadError {
        return failure.code == nil ? .tooLarge : .missing
      } catch { return .missing }
      return .missing
    default: return .missing
    }
  }

  func leads(_ path: String, inside folder: String) -> Bool {
    ConfinedFiles.leads(files.resolvedPath(path), inside: files.resolvedPath(folder))
  }
}

extension Flags {
  static let book = OptionSpec(.book, help: "read the folder as a book, 2-x before 10-x")
}
