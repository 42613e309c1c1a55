/// What `isle check` says of a book's table of contents: entries that
/// name no file, and documents in the book's folder no entry names.
public struct BookAudit: Sendable, Equatable {
  /// The entries whose file is not there (drafts have none to miss).
  public var missing: [Chapter]
  /// Documents under the book's folder that no entry names, relative to
  /// it, in name order; the table of contents itself is not one.
  public var unlisted: [String]
  /// mdBook's `{{#include}}` links, in the chapters, whose file or anchor
  /// is not there.
  public var includes: [IncludeMiss] = []

  /// An include left as written, in a chapter (its path relative to the
  /// book's folder), and why.
  public struct IncludeMiss: Sendable, Equatable {
    public var chapter: String
    public var include: MdBookInclude
    public var problem: Problem
  }

  /// Why an include is left as written.
  public enum Problem: Sendable, Equatable {
    /// No file there.
    case noFile
    /// The file is there without the anchor it names.
    case noAnchor
    /// The file, its symbolic links followed, is outside the book.
    case outside
    /// A FIFO, a device, a socket or a folder.
    case notAFile
    /// Larger than the largest file read (`--max-size`).
    case tooLarge
  }

  /// The audit of `book`, its files seen through `files`.
  public init(_ book: Book, in files: some BookFolder) {
    missing = book.chapters.filter { chapter in
      chapter.path.map { files.bytes(of: BookPath.join(book.folder, $0)) == nil } ?? false
    }
    guard book.form != .folder else {
      unlisted = []
      return
    }
    if book.form == .mdBook { includes = Self.includes(of: book, in: files) }
    let listed = Set(book.chapters.compactMap(\.path))
    let everything = FolderOrder.chapters(of: book.folder, in: files, natural: false)
      .compactMap(\.path)
    let summary = book.form == .mdBook ? BookPath.name(of: book.source) : nil
    unlisted = everything.filter { !listed.contains($0) && $0 != summary }.sorted {
      $0.utf8.lexicographicallyPrecedes($1.utf8)
    }
  }

  /// True when there is nothing to say.
  public var isEmpty: Bool { missing.isEmpty && unlisted.isEmpty && includes.isEmpty }

  /// Each chapter's includes whose file, or anchor in it, is missing, or
  /// that are not read (outside the book, no plain file, too large). A
  /// file is looked for from the chapter's folder, within the book's
  /// folder or the one above it that holds `book.toml` (mdBook's listings
  /// stand beside `src`); the files included are not looked into.
  static func includes(of book: Book, in files: some BookFolder) -> [IncludeMiss] {
    var misses: [IncludeMiss] = []
    for chapter in book.chapters {
      guard let path = chapter.path, let text = files.bytes(of: BookPath.join(book.folder, path))
      else { continue }
      for include in MdBookInclude.scan(text) {
        var problem = Problem.outside
        if let file = included(include.path, from: path, in: book, files: files) {
          if let bytes = files.bytes(of: file) {
            // There: missing only when the anchor it names is not.
            guard case .anchor(let name) = include.part, !MdBookInclude.hasAnchor(name, in: bytes)
            else { continue }
            problem = .noAnchor
          } else {
            let unread: [UnreadFile: Problem] = [
              .missing: .noFile, .notAFile: .notAFile, .tooLarge: .tooLarge,
            ]
            problem = unread[files.unread(file)] ?? .noFile
          }
        }
        misses.append(IncludeMiss(chapter: path, include: include, problem: problem))
      }
    }
    return misses
  }

  /// The path of the file `written` names from chapter `chapter`, or nil
  /// when it leaves the book: the book's folder, or the one above it that
  /// holds `book.toml`, as written and with symbolic links followed.
  static func included(_ written: String, from chapter: String, in book: Book, files: some BookFolder)
    -> String?
  {
    let relative = BookPath.join(BookPath.folder(of: chapter), written)
    var found = BookPath.inside(relative).map { BookPath.join(book.folder, $0) }
    var within = book.folder
    let root = BookPath.folder(of: book.folder)
    if files.entries(of: root)?.contains(where: { $0.name == "book.toml" }) == true {
      within = root
      if found == nil,
        let inside = BookPath.inside(BookPath.join(BookPath.name(of: book.folder), relative))
      {
        found = BookPath.join(root, inside)
      }
    }
    guard let found, files.leads(found, inside: within) else { return nil }
    return found
  }
}
