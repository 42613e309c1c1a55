/// A folder's documents as a book's chapters: the index (`index.md` or
/// `README.md`) first, then the rest, each sub-folder a part.
enum FolderOrder {
  /// Deeper folders than this are not walked (a loop of links ends here).
  static let deepest = 16

  /// The chapters under `folder`: in natural order with files and folders
  /// together (`--book`), or MkDocs' way (files by name, then folders).
  static func chapters(of folder: String, in files: some BookFolder, natural: Bool) -> [Chapter] {
    var chapters: [Chapter] = []
    walk(folder, relative: "", depth: 0, natural: natural, files: files, into: &chapters)
    return chapters
  }

  private static func walk(
    _ folder: String, relative: String, depth: Int, natural: Bool, files: some BookFolder,
    into chapters: inout [Chapter]
  ) {
    guard depth < deepest, let entries = files.entries(of: folder) else { return }
    let kept = entries.filter { entry in
      !entry.name.hasPrefix(".") && (entry.isFolder || isDocument(entry.name))
    }
    let sorted = kept.sorted { a, b in
      let (x, y) = (
        NaturalOrder.isIndex(a.name) && !a.isFolder, NaturalOrder.isIndex(b.name) && !b.isFolder
      )
      if x != y { return x }
      if !natural && a.isFolder != b.isFolder { return !a.isFolder }
      return natural
        ? NaturalOrder.precedes(a.name, b.name) : a.name.utf8.lexicographicallyPrecedes(b.name.utf8)
    }
    var seenIndex = false
    for entry in sorted {
      let path = BookPath.join(relative, entry.name)
      if entry.isFolder {
        var inner: [Chapter] = []
        walk(
          BookPath.join(folder, entry.name), relative: path, depth: depth + 1, natural: natural,
          files: files, into: &inner)
        guard !inner.isEmpty else { continue }
        chapters.append(Chapter(kind: .part, title: entry.name, depth: depth))
        chapters += inner
      } else {
        // MkDocs takes index.md over README.md when a folder has both.
        if NaturalOrder.isIndex(entry.name) {
          if seenIndex { continue }
          seenIndex = true
        }
        chapters.append(Chapter(kind: .numbered, title: nil, path: path, depth: depth))
      }
    }
  }

  static func isDocument(_ name: String) -> Bool {
    let lowered = name.lowercased()
    return lowered.hasSuffix(".md") || lowered.hasSuffix(".markdown")
  }
}
