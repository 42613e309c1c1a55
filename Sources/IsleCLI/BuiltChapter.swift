import Book
import Files
import Island
import Outline
import Progress

/// An mdBook chapter as the book builds it: its links expanded
/// (`MdBookExpanded`), the expanded text outlined, and the way back from
/// a byte of it to the chapter's own. `isle show` prints this text;
/// every position said names the chapter's own file.
struct BuiltChapter: Sendable {
  /// The expansion, with the links replaced.
  let expanded: MdBookExpanded
  /// The expanded text and its outline, positions in that text.
  let bytes: LoadedBytes
  let outlined: Outlined
  /// The outline moved back onto the chapter's own text, and its lines.
  let own: Document
  var written: LineIndex { own.lines }

  /// The expanded text loaded, as `show` reads a document.
  var loaded: DocumentLoader.Loaded { .init(outlined: outlined, bytes: bytes) }

  /// The chapter's own bytes for `range` of the expanded text: a range
  /// that starts or ends within what a link brought starts or ends at
  /// the link (`MdBookExpanded.boundary`), so ranges that cover the
  /// expanded text cover the chapter's.
  func written(_ range: Range<Int>) -> Range<Int> {
    let start = expanded.boundary(range.lowerBound)
    let end =
      range.upperBound >= expanded.bytes.count ? written.size : expanded.boundary(range.upperBound)
    return start..<max(start, end)
  }

  /// A `--line` or `--offset` selector, a position in the chapter's own
  /// text, as the offset of the expanded text it stands for (a line, its
  /// last byte: a heading an include brought stands on the include's
  /// line); any other selector as it is. One out of range is an error
  /// about the chapter's own text.
  func expanded(_ selector: Selector) throws(PositionError) -> Selector {
    guard case .position(let kind, let text) = selector else { return selector }
    var offset: Int
    switch try Position.parse(text, as: kind, in: own) {
    case .offset(let byte): offset = byte
    case .line(let line):
      offset = line < own.lineCount ? written.offset(ofLine: line + 1) - 1 : written.size
    case .percent: return selector
    }
    offset = offset >= written.size ? expanded.bytes.count : expanded.expanded(offset)
    return .position(.offset, String(offset))
  }

  /// The same, one out of range a selector's miss.
  func selector(_ selector: Selector) throws(SelectorError) -> Selector {
    do throws(PositionError) {
      return try expanded(selector)
    } catch {
      throw .position(error)
    }
  }

  /// A record's `context`, its text `range` of the expanded text, with
  /// the chapter's own bytes and lines, and the file an include brought
  /// its start from.
  func context(_ context: ExcerptJSON.Context, of range: Range<Int>) -> ExcerptJSON.Context {
    var own = context
    own.bytes = written(range)
    own.lines = lines(range)
    own.frontMatter = context.frontMatter.map { written($0) }
    own.from = expanded.written(range.lowerBound).file
    return own
  }

  /// The chapter's own lines `range` of the expanded text stands on.
  func lines(_ range: Range<Int>) -> ClosedRange<Int> {
    let own = written(range)
    func line(_ offset: Int) -> Int {
      written.line(ofOffset: min(offset, max(written.size - 1, 0)))
    }
    let first = line(own.lowerBound)
    return first...max(first, line(max(own.lowerBound, own.upperBound - 1)))
  }
}

extension DocumentLoader {
  /// `source` loaded, and when it is a Markdown file that is a chapter
  /// of an mdBook, as the book builds it (`chapter(_:_:of:)`); anything
  /// else as written.
  func loadAsBuilt(_ source: InputSource, options: OutlineOptions? = nil) throws -> Loaded {
    guard let path = source.path, let found = books?.chapter(of: path) else {
      return try load(source, options: options)
    }
    return try chapter(source, found.path, of: found.book, options: options)
  }

  /// The bytes `source` holds as its book builds them, as `read BOOK`
  /// draws a chapter: a chapter of an mdBook expanded, anything else as
  /// written.
  func builtBytes(_ source: InputSource) throws -> LoadedBytes {
    let own = try bytes(source)
    guard let path = source.path, let found = books?.chapter(of: path),
      found.book.form == .mdBook
    else { return own }
    let expanded = MdBookExpanded(
      Array(own.buffer), chapter: found.path, in: found.book,
      files: BookFiles(files: files, limit: maxSize))
    return expanded.splices.isEmpty ? own : LoadedBytes(copying: expanded.bytes)
  }

  /// The chapter at `path` of `book` (relative to its folder), read from
  /// `source`: in an mdBook, its links expanded and outlined, the outline
  /// moved back onto the file's own bytes (a heading brought in at its
  /// include, saying from where), the last `{{#title}}` the document's
  /// title; each include that leads outside the book's folder (its
  /// symbolic links followed) or the files that may be read (an MCP
  /// server's roots), or names a FIFO, a device or a file past
  /// `--max-size`, a warning, never read.
  func chapter(
    _ source: InputSource, _ path: String, of book: Book, options: OutlineOptions? = nil
  ) throws -> Loaded {
    let own = try bytes(source)
    guard book.form == .mdBook else {
      return Loaded(outlined: try outlined(own, from: source, options: options), bytes: own)
    }
    let text = Array(own.buffer)
    let folder = BookFiles(files: files, limit: maxSize)
    let expanded = MdBookExpanded(text, chapter: path, in: book, files: folder)
    let warnings = expanded.left.compactMap {
      warning($0, in: path, of: book, named: source.displayName, files: folder)
    }
    guard !expanded.splices.isEmpty else {
      let outlined = try outlined(own, from: source, options: options)
      return Loaded(outlined: outlined, bytes: own, warnings: warnings)
    }
    let brought = LoadedBytes(copying: expanded.bytes)
    var inner = try outlined(brought, from: source, options: options)
    if let title = expanded.title { inner.document.title = title }
    var moved = inner
    moved.document = inner.document.moved(on: text, expanded.written)
    let chapter = BuiltChapter(
      expanded: expanded, bytes: brought, outlined: inner, own: moved.document)
    return Loaded(outlined: moved, bytes: own, chapter: chapter, warnings: warnings)
  }

  /// The warning for an include `left` as written in chapter `path` (the
  /// chapter named `name`), when it is not read: one that leads outside
  /// the book's folder (or an MCP server's roots), a FIFO or a device, a
  /// file past `--max-size`; nil for a file or an anchor that is not
  /// there (`isle check` reports those).
  private func warning(
    _ left: MdBookExpanded.Left, in path: String, of book: Book, named name: String,
    files folder: BookFiles
  ) -> String? {
    // One that leaves the book is looked at where it would lead, as far
    // as to ask whether that is outside the files that may be read.
    let written = BookPath.join(book.folder, BookPath.folder(of: left.in))
    let target = left.file ?? BookPath.join(written, left.include.path)
    var why = ConfinedFiles.outsideReason
    if files.kind(target) != .outside {
      if let file = left.file {
        switch folder.unread(file) {
        case .missing: return nil
        case .notAFile: why = CheckOutput.notAFile
        case .tooLarge: why = CheckOutput.tooLarge
        }
      } else {
        why = CheckOutput.outsideBook
      }
    }
    // Named as the chapter is: `src/` before a file of the book.
    let base = name.hasSuffix(path) ? String(name.dropLast(path.count)) : book.folder + "/"
    let at = left.in == path ? name : base + (BookPath.inside(left.in) ?? left.in)
    return "\(at):\(left.include.line):\(left.include.column): \(left.include.path) "
      + "\(why): not included"
  }

  /// `loaded` outlined again with `options`, as it was read (a chapter
  /// expanded): standard input cannot be read twice.
  func outline(again loaded: Loaded, from source: InputSource, options: OutlineOptions) throws
    -> Document
  {
    guard let chapter = loaded.chapter else {
      return try outline(loaded.bytes, from: source, options: options)
    }
    var document = try outline(chapter.bytes, from: source, options: options)
    document.title = chapter.outlined.document.title
    let text = Array(loaded.bytes.buffer)
    return document.moved(on: text, chapter.expanded.written)
  }
}
