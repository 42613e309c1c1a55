import Book
import Cells
import Files
import Island
import Options
import Outline
import Page
import Parallel
import Progress
import Reader
import Terminal

#if canImport(Glibc)
  import Glibc
#endif

/// `isle read`: a full-screen pager with the island on the bottom row.
///
/// The first screen is drawn from the bytes alone (only the pieces in view
/// are laid out); the outline is made meanwhile, on another thread, and the
/// island says `…` until it is known. A place asked for (`--line`,
/// `--section`…) needs the outline first; a remembered one is a byte.
/// Standard output not a terminal, the page is written there instead, as
/// `less` and `glow` do in a pipe.
struct ReadCommand: RunnableCommand {
  let settings: Settings
  let options: ReadOptions
  let cli: CLI
  /// The book, when the one operand names one (`read BOOK`).
  var book: Book? = nil

  func run() throws -> ExitStatus {
    if let book { return try read(book) }
    guard let source = settings.sources.first else { return .failure }
    let loader = settings.loader(cli.files)
    if !cli.terminal.isTerminal { return try printPage(of: source, loader: loader) }
    var carried = ReadSession.Carried()
    let identity = options.remember ? source.path.flatMap(ReadPlaces.Identity.init(path:)) : nil
    let places = options.placesFile.map(ReadPlaces.init(file:))
    let marks = options.remember ? options.marksFile.map(ReadMarks.init(file:)) : nil
    var read: [String: Set<String>] = [:]
    if let path = source.path, let marks { read[path] = marks.keys(for: path) }
    var asked = !settings.position.isEmpty
    while true {
      // A chapter of an mdBook is read as built, as `read BOOK` reads it.
      let bytes = try loader.builtBytes(source)
      let page = try page(of: bytes, source: source, width: 80)
      var document: Document? = nil
      var startByte = 0
      if carried.edited != nil {
        startByte = carried.reopen(in: bytes.buffer.span)
      } else if asked {
        let outline = try loader.outline(bytes, from: source)
        document = outline
        startByte = try settings.position.place(in: outline, name: source.displayName)?.offset ?? 0
      } else if let identity, let places, let kept = places.kept(for: identity) {
        // Changed since: the same section, found in its outline as it is now.
        if kept.needsOutline { document = try loader.outline(bytes, from: source) }
        startByte = min(kept.byte(in: document) ?? 0, bytes.buffer.count)
      }
      asked = false
      let (ending, session) = try self.read(
        page, bytes: bytes, source: source, document: document, startByte: startByte,
        carried: carried, read: read)
      read = session.state.read
      if case .edit(let line) = ending {
        carried = session.carried
        carried.edited = ReadEditor(environment: cli.environment).edit(
          path: source.path ?? "", line: line, topByte: session.state.topByte)
        if TerminalRescue.stopping == 0 { continue }
      }
      if identity != nil { keep(session.state, places: places, marks: marks) }
      return try ended(ending, name: source.displayName)
    }
  }

  /// One session on the terminal, until the reader leaves or asks for the
  /// editor; the terminal is put back either way.
  func read(
    _ page: Page, bytes: LoadedBytes, source: InputSource, document: Document?, startByte: Int,
    carried: ReadSession.Carried, read: [String: Set<String>], book: ReaderBook? = nil,
    warning: String? = nil
  ) throws -> (ReadSession.Ending, ReadSession) {
    let terminal: RawTerminal
    do {
      terminal = try RawTerminal()
    } catch {
      throw TerminalError(name: source.displayName, reason: error.reason)
    }
    let loader = settings.loader(cli.files)
    let outlined = Lock<Result<Document, ReadSession.OutliningError>?>(nil)
    let display = settings.display
    var session = ReadSession(
      terminal: terminal, page: page,
      look: ReadSession.Look(copy: display.copy, theme: display.theme, showsTop: display.showsTop),
      measure: options.measure, motion: !options.reduceMotion, trace: options.trace,
      document: document, outlined: { outlined.withLock { $0 } }, startByte: startByte)
    session.state.editable = source.path != nil
    session.busy = options.busy
    session.state.book = book
    session.state.path = source.path
    session.state.root = self.book?.folder
    session.state.browser = cli.environment["BROWSER"].flatMap { $0.isEmpty ? nil : $0 }
    session.state.read = read
    let marks = options.remember ? options.marksFile.map(ReadMarks.init(file:)) : nil
    session.readMarks = { marks?.keys(for: $0) ?? [] }
    session.documentOpener = { path in
      Result {
        let bytes = try loader.bytes(.file(path))
        let page = try self.page(of: bytes, source: .file(path), width: 80)
        return (page, try loader.outline(bytes, from: .file(path)))
      }
      .mapError { ReadSession.OutliningError(message: Failure($0).line ?? "\($0)") }
    }
    session.opener = { index in
      guard let chapter = book?.chapters[index] else {
        return .failure(ReadSession.OutliningError(message: "no chapter \(index + 1)"))
      }
      return Result {
        try self.page(of: loader.bytes(.file(chapter.path)), source: .file(chapter.path), width: 80)
      }
      .mapError { ReadSession.OutliningError(message: Failure($0).line ?? "\($0)") }
    }
    session.carry(carried)
    if let warning { session.state.message = warning }
    // A signal to stop lets the loop end itself, so the place is kept.
    TerminalRescue.defersEnding = 1
    let ending = withExtendedLifetime(terminal) {
      defer { terminal.restore() }
      return session.run {
        guard document == nil else { return }
        Worker.run("isle.outline") {
          let result = Result { try loader.outline(bytes, from: source) }.mapError {
            ReadSession.OutliningError(message: ($0 as? any IsleError)?.message ?? "\($0)")
          }
          outlined.withLock { $0 = result }
        }
      }
    }
    return (ending, session)
  }

  /// The exit status of a session that has ended.
  func ended(_ ending: ReadSession.Ending, name: String) throws -> ExitStatus {
    TerminalRescue.defersEnding = 0
    if TerminalRescue.stopping != 0 { TerminalRescue.end(by: TerminalRescue.stopping) }
    switch ending {
    case .gone:
      // The kernel hangs up a closed terminal's programs too: whichever of
      // the two the pager notices first, it ends the one way, by SIGHUP.
      TerminalRescue.end(by: SIGHUP)
    case .interrupted: return .interrupted
    case .quit, .edit: return .success
    case .signalled(let signal): TerminalRescue.end(by: signal)
    }
  }

  /// The page of `bytes`, `width` cells wide, as the options draw it.
  func page(of bytes: LoadedBytes, source: InputSource, width: Int) throws -> Page {
    try Self.page(of: bytes, source: source, width: width, settings: settings, options: options)
  }

  /// The same for any command's settings (`isle show` lays a section out
  /// as the pager draws it).
  static func page(
    of bytes: LoadedBytes, source: InputSource, width: Int, settings: Settings,
    options: ReadOptions
  ) throws -> Page {
    var pageOptions = PageOptions()
    pageOptions.path = source.path
    pageOptions.format = settings.outline.format
    pageOptions.plain = options.plain
    pageOptions.width = width
    pageOptions.frontMatter = options.frontMatter
    pageOptions.glyphs = settings.display.theme.glyphs == .ascii ? .ascii : .unicode
    pageOptions.scope = settings.outline.within
    pageOptions.maxDepth = settings.outline.maxDepth
    pageOptions.maxColumns = settings.outline.maxColumns
    do throws(PageError) {
      return try Page(bytes: bytes, options: pageOptions)
    } catch {
      switch error {
      case .outline(let error):
        throw DocumentError(
          source.displayName + ": " + DocumentLoader.describe(error), status: .failure)
      case .nothingWithin(let selector):
        throw DocumentError(
          source.displayName + ": nothing to read within '\(selector)'", status: .nothingFound)
      }
    }
  }

  /// Standard output is a file or a pipe: the page laid out `--width`
  /// cells wide (80 unless given) is written there, from the place asked
  /// for (else the top), without the island or a margin. Code and tables
  /// wider than the page are written whole: there is no sideways here.
  func printPage(of source: InputSource, loader: DocumentLoader, bytes: LoadedBytes? = nil)
    throws -> ExitStatus
  {
    let bytes = try bytes ?? loader.builtBytes(source)
    let page = try page(of: bytes, source: source, width: options.measure ?? 80)
    var spot = page.first
    if !settings.position.isEmpty {
      let outline = try loader.outline(bytes, from: source)
      let place = try settings.position.place(in: outline, name: source.displayName)
      spot = page.spot(atByte: place?.offset ?? 0)
    }
    // Colour off, the text alone: no bold or faint escapes in a file.
    let paint = settings.display.theme.paint
    let screen = ReadScreen(paint: paint)
    var text = ""
    while let line = page.line(at: spot) {
      // A plain line without the blanks that end it (a code frame's
      // empty row is `│`, not `│ `).
      var plain = Substring(line.text)
      while plain.last == " " { plain.removeLast() }
      text += (paint.enabled ? screen.render(line) : String(plain)) + "\n"
      if text.utf8.count >= 1 << 16 {
        try cli.stdout.write(text)
        text = ""
      }
      let next = page.moved(spot, by: 1)
      if next == spot { break }
      spot = next
    }
    try cli.stdout.write(text)
    return .success
  }
}

extension ReadCommand {
  /// `read`'s one document and the pager's own options.
  init(_ raw: RawArguments, cli: CLI) throws {
    try CLI.expectOneDocument(raw.operands, command: .read)
    if let path = raw.operands.first,
      let book = try BookCommand.book(path, forced: raw.has(.book), files: cli.files)
    {
      // The operand is the book's, not a document read from standard input.
      let settings = try cli.decideSettings(
        raw, operands: [path], command: .read, formats: [.text],
        terminal: cli.terminal.isTerminal
          ? TerminalFacts(isTerminal: true, columns: nil) : cli.terminal)
      guard settings.position.isEmpty else {
        throw UsageError(
          "read BOOK opens where the book was left: a position names a place in one document",
          command: "read")
      }
      self.init(
        settings: settings, options: try ReadOptions.decide(raw, cli: cli), cli: cli, book: book)
      return
    }
    if raw.has(.book) {
      throw UsageError("--book reads one folder as a book", command: "read")
    }
    // The pager draws on the terminal whatever standard output is; in a
    // pipe, the page goes there, coloured only as the pipe is.
    let terminal = cli.terminal
    let settings = try cli.decideSettings(
      raw, operands: raw.operands, command: .read, formats: [.text],
      terminal: terminal.isTerminal ? TerminalFacts(isTerminal: true, columns: nil) : terminal)
    self.init(settings: settings, options: try ReadOptions.decide(raw, cli: cli), cli: cli)
  }
}

extension ReadCommand {
  /// `read BOOK`: the chapters one after the other, the pager holding one
  /// chapter's page at a time (`]` past its end lays out the next). The
  /// place is kept twice: which chapter (its file), under the book's table
  /// of contents, and the byte in that chapter, under the chapter's file, as
  /// for any document (a chapter changed since opens at its top).
  func read(_ book: Book) throws -> ExitStatus {
    let reader = BookCommand(book: book, settings: settings, cli: cli)
    // A chapter that cannot be read is said on the pager's bottom row as
    // it opens, on standard error once it is left, and exits 2, as `toc`.
    // The pager draws an mdBook's chapters expanded, at their bytes.
    let (documents, failures) = reader.documents(reporting: false, moved: false)
    var opened = reader.readerBook(documents)
    defer { failures.forEach(cli.report) }
    guard !opened.chapters.isEmpty else {
      throw DocumentError("\(book.source): no chapter to read", status: .failure)
    }
    let loader = settings.loader(cli.files)
    if !cli.terminal.isTerminal {
      for chapter in opened.chapters {
        let bytes = reader.drawn(chapter.path, try loader.bytes(.file(chapter.path)))
        _ = try printPage(of: .file(chapter.path), loader: loader, bytes: bytes)
      }
      return failures.isEmpty ? .success : .failure
    }
    let places = options.remember ? options.placesFile.map(ReadPlaces.init(file:)) : nil
    let marks = options.remember ? options.marksFile.map(ReadMarks.init(file:)) : nil
    var read: [String: Set<String>] = [:]
    for chapter in opened.chapters { read[chapter.path] = marks?.keys(for: chapter.path) }
    var startByte = 0
    if let (index, byte) = Self.left(book, in: opened, places: places) {
      opened.current = index
      startByte = byte
    }
    var carried = ReadSession.Carried()
    var warning = failures.first.map {
      failures.count == 1 ? $0 : $0 + " (and \(failures.count - 1) more)"
    }
    while true {
      let chapter = opened.chapters[opened.current]
      let source = InputSource.file(chapter.path)
      let bytes = reader.drawn(chapter.path, try loader.bytes(source))
      if carried.edited != nil {
        startByte = carried.reopen(in: bytes.buffer.span)
        // The chapter as edited: its outline, and its rows of the contents.
        let current = opened.current
        var rebuilt = reader.readerBook(
          reader.documents(reporting: false, moved: false).documents)
        if rebuilt.chapters.indices.contains(current),
          rebuilt.chapters[current].path == chapter.path
        {
          rebuilt.current = current
          opened = rebuilt
        } else {
          opened.chapters[current].document = try loader.outline(bytes, from: source)
        }
      }
      let page = try page(of: bytes, source: source, width: 80)
      let (ending, session) = try self.read(
        page, bytes: bytes, source: source, document: opened.chapters[opened.current].document,
        startByte: min(startByte, bytes.buffer.count), carried: carried, read: read, book: opened,
        warning: warning)
      warning = nil
      read = session.state.read
      opened = session.state.book ?? opened
      let path = opened.chapters[opened.current].path
      if case .edit(let line) = ending {
        carried = session.carried
        carried.edited = ReadEditor(environment: cli.environment).edit(
          path: path, line: line, topByte: session.state.topByte)
        if TerminalRescue.stopping == 0 { continue }
      }
      if let places {
        places.save(chapter: path, ofBook: book.source)
        keep(session.state, places: places, marks: marks)
      }
      let status = try ended(ending, name: book.source)
      return status == .success && !failures.isEmpty ? .failure : status
    }
  }
}

extension ReadCommand {
  /// The chapter of `book` the reader left, found by its file wherever it
  /// is in the book now, and the byte kept in it (0 when none is).
  static func left(_ book: Book, in opened: ReaderBook, places: ReadPlaces?) -> (Int, Int)? {
    guard let left = places?.chapter(ofBook: book.source),
      let index = opened.chapters.firstIndex(where: {
        ReadPlaces.Identity(path: $0.path)?.path == left
      })
    else { return nil }
    let chapter = opened.chapters[index]
    let kept = ReadPlaces.Identity(path: chapter.path).flatMap { places?.kept(for: $0) }
    return (index, kept?.byte(in: chapter.document) ?? 0)
  }

  /// Keeps where the reader left the document on the page (by its byte,
  /// and by its section for a version changed by then) and the sections
  /// read in every document the session showed, with those kept before.
  func keep(_ state: ReaderState, places: ReadPlaces?, marks: ReadMarks?) {
    if let places, let path = state.path, let identity = ReadPlaces.Identity(path: path) {
      let place = state.document.map { SectionKey.place(ofByte: state.topByte, in: $0) }
      places.save(state.topByte, in: place, for: identity)
    }
    guard let marks else { return }
    for (path, keys) in state.read where !keys.isEmpty {
      let kept = marks.keys(for: path)
      if !keys.isSubset(of: kept) { marks.save(kept.union(keys), for: path) }
    }
  }
}
