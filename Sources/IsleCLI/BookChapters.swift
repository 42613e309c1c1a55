import Book
import Files
import Parallel

#if canImport(Glibc)
  import Glibc
#endif

/// The mdBook a Markdown file is a chapter of, found from its folder up:
/// the first folder holding `book.toml` or `SUMMARY.md` is the book's,
/// and the file is a chapter when its table of contents names it. What
/// each folder gave is kept for the run, so a walk of many files asks
/// each folder once. A folder the files may not look at (outside an MCP
/// server's roots) ends the search.
final class BookChapters: Sendable {
  let files: FileAccess
  /// For each folder asked (absolute, tidied), the mdBook found at or
  /// above it, if any.
  private let found = Lock<[String: Book?]>([:])
  /// For each book found (by its folder), the paths its contents list
  /// names, tidied: a walk of its chapters looks each up once.
  private let named = Lock<[String: Set<String>]>([:])

  init(files: FileAccess) {
    self.files = files
  }

  /// The book the file at `path` is a chapter of, and its path in the
  /// book's folder; nil for a file that is no mdBook's chapter.
  func chapter(of path: String) -> (book: Book, path: String)? {
    let name = BookPath.name(of: path)
    guard name.hasSuffix(".md") || name.hasSuffix(".markdown"),
      let file = Self.absolute(files.resolvedPath(path)),
      let book = book(at: BookPath.folder(of: file)),
      file.hasPrefix(book.folder + "/")
    else { return nil }
    let inside = String(file.dropFirst(book.folder.count + 1))
    return chapterPaths(of: book).contains(inside) ? (book, inside) : nil
  }

  /// The paths `book`'s contents list names, tidied (`BookPath.inside`).
  private func chapterPaths(of book: Book) -> Set<String> {
    if let known = named.withLock({ $0[book.folder] }) { return known }
    let paths = Set(book.chapters.compactMap { $0.path.flatMap { BookPath.inside($0) } })
    named.withLock { $0[book.folder] = paths }
    return paths
  }

  /// The mdBook at `folder` or the nearest folder above it that holds a
  /// `book.toml` or a `SUMMARY.md`; nil when that is none, or no mdBook.
  private func book(at folder: String) -> Book? {
    if let known = found.withLock({ $0[folder] }) { return known }
    var book: Book? = nil
    let reading = BookFiles(files: files)
    let kind = files.kind(folder)
    if kind == .directory {
      let marked = ["book.toml", "SUMMARY.md"].contains {
        files.kind(BookPath.join(folder, $0)) == .regular
      }
      if marked {
        book = (try? Book.open(folder, in: reading)).flatMap { $0.form == .mdBook ? $0 : nil }
      } else if folder != "/" {
        book = self.book(at: BookPath.folder(of: folder))
      }
    }
    found.withLock { $0[folder] = .some(book) }
    return book
  }

  /// `path` from the root, `.` and `..` taken out; nil when the current
  /// folder cannot be known.
  static func absolute(_ path: String) -> String? {
    var whole = path
    if !path.hasPrefix("/") {
      guard let folder = getcwd(nil, 0) else { return nil }
      defer { free(folder) }
      whole = String(cString: folder) + "/" + path
    }
    var parts: [Substring] = []
    for part in whole.split(separator: "/") {
      if part == "." { continue }
      if part == ".." {
        if !parts.isEmpty { parts.removeLast() }
        continue
      }
      parts.append(part)
    }
    return "/" + parts.joined(separator: "/")
  }
}
