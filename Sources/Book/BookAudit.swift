/// What `isle check` says of a book's table of contents: entries that
/// name no file, and documents in the book's folder no entry names.
public struct BookAudit: Sendable, Equatable {
  /// The entries whose file is not there (drafts have none to miss).
  public var missing: [Chapter]
  /// Documents under the book's folder that no entry names, relative to
  /// it, in name order; the table of contents itself is not one.
  public var unlisted: [String]

  /// The audit of `book`, its files seen through `files`.
  public init(_ book: Book, in files: some BookFolder) {
    missing = book.chapters.filter { chapter in
      chapter.path.map { files.bytes(of: BookPath.join(book.folder, $0)) == nil } ?? false
    }
    guard book.form != .folder else {
      unlisted = []
      return
    }
    let listed = Set(book.chapters.compactMap(\.path))
    let everything = FolderOrder.chapters(of: book.folder, in: files, natural: false)
      .compactMap(\.path)
    let summary = book.form == .mdBook ? BookPath.name(of: book.source) : nil
    unlisted = everything.filter { !listed.contains($0) && $0 != summary }.sorted {
      $0.utf8.lexicographicallyPrecedes($1.utf8)
    }
  }

  /// True when there is nothing to say.
  public var isEmpty: Bool { missing.isEmpty && unlisted.isEmpty }
}
