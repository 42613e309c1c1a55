/// A book: chapters in many files, in the order its table of contents
/// gives (SUMMARY.md, mkdocs.yml) or its folder's.
public struct Book: Sendable {
  /// How the book was named.
  public enum Form: String, Sendable {
    case mdBook = "mdbook"
    case mkDocs = "mkdocs"
    case folder
  }

  /// How the book was named.
  public var form: Form
  /// The table of contents (or the folder) it was read from.
  public var source: String
  /// The folder the chapters' paths start from.
  public var folder: String
  /// The entries, in the book's order.
  public var chapters: [Chapter]
  /// The title its configuration gives (`book.toml`'s `title`,
  /// `mkdocs.yml`'s `site_name`), nil when none does.
  public var title: String? = nil
  /// True when the site serves a page `x.md` at `x/` (MkDocs'
  /// `use_directory_urls`, true unless set false); mdBook serves `x.html`.
  public var directoryURLs = true

  /// Creates a book from its parts.
  public init(form: Form, source: String, folder: String, chapters: [Chapter]) {
    self.form = form
    self.source = source
    self.folder = folder
    self.chapters = chapters
  }

  /// The chapters that have a file: those `chapter k of n` counts.
  public var readable: [Chapter] { chapters.filter(\.hasFile) }

  /// The files whose presence makes a folder a book without `--book`.
  static let markers: Set<String> = ["book.toml", "SUMMARY.md", "mkdocs.yml"]

  /// True when `path` names a book without `--book`: a `SUMMARY.md`, a
  /// `mkdocs.yml`, or a folder holding `book.toml`, `SUMMARY.md` or
  /// `mkdocs.yml`.
  public static func isNamed(_ path: String, in files: some BookFolder) -> Bool {
    let name = BookPath.name(of: path)
    if name == "SUMMARY.md" || name == "mkdocs.yml" || name == "mkdocs.yaml" { return true }
    guard let entries = files.entries(of: path) else { return false }
    return entries.contains { !$0.isFolder && markers.contains($0.name) }
  }

  /// The book `path` names, any folder being one (`--book`): a folder
  /// holding a table of contents is the book it names, with `--book` too.
  public static func open(_ path: String, in files: some BookFolder) throws(BookError) -> Book {
    let name = BookPath.name(of: path)
    if name == "SUMMARY.md" { return try summary(path, in: files) }
    if name == "mkdocs.yml" || name == "mkdocs.yaml" { return try mkDocs(path, in: files) }
    guard let entries = files.entries(of: path) else {
      throw BookError(path, "no SUMMARY.md, mkdocs.yml or folder to read as a book")
    }
    let names = Set(entries.filter { !$0.isFolder }.map(\.name))
    if names.contains("book.toml") {
      let toml = String(decoding: files.bytes(of: BookPath.join(path, "book.toml")) ?? [], as: UTF8.self)
      let src = BookToml.source(toml) ?? "src"
      guard let inside = BookPath.inside(src) else {
        throw BookError(BookPath.join(path, "book.toml"), "src '\(src)' leaves the book's folder")
      }
      var book = try summary(BookPath.join(BookPath.join(path, inside), "SUMMARY.md"), in: files)
      book.title = BookToml.value("title", in: toml)
      return book
    }
    if names.contains("SUMMARY.md") { return try summary(BookPath.join(path, "SUMMARY.md"), in: files) }
    if names.contains("mkdocs.yml") {
      return try mkDocs(BookPath.join(path, "mkdocs.yml"), in: files)
    }
    let chapters = FolderOrder.chapters(of: path, in: files, natural: true)
    return Book(form: .folder, source: path, folder: path, chapters: chapters)
  }

  private static func summary(_ path: String, in files: some BookFolder) throws(BookError) -> Book {
    guard let bytes = files.bytes(of: path) else { throw BookError(path, "cannot be read") }
    let chapters = try Summary.parse(String(decoding: bytes, as: UTF8.self), file: path)
    return Book(form: .mdBook, source: path, folder: BookPath.folder(of: path), chapters: chapters)
  }

  private static func mkDocs(_ path: String, in files: some BookFolder) throws(BookError) -> Book {
    guard let bytes = files.bytes(of: path) else { throw BookError(path, "cannot be read") }
    let (docsDir, nav) = try MkDocsNav.parse(bytes, file: path)
    guard let inside = BookPath.inside(docsDir) else {
      throw BookError(path, "docs_dir '\(docsDir)' leaves the book's folder")
    }
    let folder = BookPath.join(BookPath.folder(of: path), inside)
    let chapters = nav ?? FolderOrder.chapters(of: folder, in: files, natural: false)
    var book = Book(form: .mkDocs, source: path, folder: folder, chapters: chapters)
    (book.title, book.directoryURLs) = MkDocsNav.site(bytes)
    return book
  }
}

/// The keys of `book.toml` isle needs: `[book]`'s `src` and `title`.
enum BookToml {
  /// The `src` of the `[book]` table, when given.
  static func source(_ text: String) -> String? { value("src", in: text) }

  /// The string `key` of the `[book]` table, when given.
  static func value(_ key: String, in text: String) -> String? {
    var table = ""
    for raw in text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }) {
      let line = trim(raw)
      if line.hasPrefix("[") {
        table = String(line.dropFirst().prefix(while: { $0 != "]" }))
        continue
      }
      guard table == "book", line.hasPrefix(key) else { continue }
      let value = trim(line.dropFirst(key.count))
      guard value.first == "=" else { continue }
      let quoted = trim(value.dropFirst())
      guard let quote = quoted.first, quote == "\"" || quote == "'" else { continue }
      return String(quoted.dropFirst().prefix(while: { $0 != quote }))
    }
    return nil
  }
}
