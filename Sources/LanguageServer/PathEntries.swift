import Links
import Outline
import Workspace

/// One name a folder offers when a link's path is completed, a folder at
/// a time as VS Code does: a document of the workspace, another file
/// (an image, a PDF), or a folder, which the next completion opens.
struct PathEntry {
  enum Kind {
    case document(DocumentFacts)
    case file
    case folder
  }

  /// The name in its folder, as the link writes it (without `.md` when
  /// the settings say so; a folder without its `/`).
  var name: String
  var kind: Kind
}

extension LanguageServer {
  /// What `folder` holds that a link from the document at `path` may
  /// name: its documents (the one at `path` only once it is saved: a
  /// link to it then names a file that is there), its other files and
  /// its folders, as a walk of the workspace sees them (hidden and
  /// ignored names left out), and none that `excludePaths` names or that
  /// is in a folder it names; folders first, then the rest, each by name.
  func pathEntries(in folder: String, from path: String) -> [PathEntry] {
    let settings = self.settings
    let base = workspaceFolder(of: path)
    // Nothing in an excluded folder, nor in one inside it.
    let here = Self.path(folder, from: base).split(separator: "/")
    for depth in here.indices {
      let above = here[...depth].joined(separator: "/")
      if settings.excludes(above) || settings.excludes(above + "/") { return [] }
    }
    let inside = folder == "/" ? "/" : folder + "/"
    let saved = host.kind(of: path) == .file
    var documents: [PathEntry] = []
    // Folders holding documents count even when the host lists none; one
    // outside the workspace's folders is never listed.
    let listed = insideFolders(folder)
    var folders = Set(listed ? host.folderNames(in: folder) : [])
    for document in allFacts() where document.path.hasPrefix(inside) {
      let rest = document.path.dropFirst(inside.count)
      if let slash = rest.firstIndex(of: "/") {
        folders.insert(String(rest[..<slash]))
      } else if document.path != path || saved {
        documents.append(PathEntry(name: String(rest), kind: .document(document)))
      }
    }
    // The files but the documents already found (one the index does not
    // hold, as a `.mdown` the walk does not read, is a file among others).
    let named = Set(documents.map(\.name))
    let files = (listed ? host.fileNames(in: folder) : []).filter { !named.contains($0) }
    let found =
      folders.sorted().map { PathEntry(name: $0, kind: .folder) }
      + (documents + files.map { PathEntry(name: $0, kind: .file) }).sorted { $0.name < $1.name }
    return found.compactMap { entry in
      guard !entry.name.hasPrefix(".") else { return nil }
      let relative = Self.path(LinkPath.joined(folder, entry.name), from: base)
      if settings.excludes(relative) { return nil }
      if case .folder = entry.kind, settings.excludes(relative + "/") { return nil }
      guard case .document = entry.kind else { return entry }
      return PathEntry(name: settings.written(entry.name), kind: entry.kind)
    }
  }

  /// The workspace folder holding `path` (the innermost), else the
  /// folder its `/` links start from: where `excludePaths` is read from.
  private func workspaceFolder(of path: String) -> String {
    let folders = state.withLock { $0.folders }
    return folders.filter { path.hasPrefix($0 == "/" ? "/" : $0 + "/") }.max { $0.count < $1.count }
      ?? root(of: path)
  }

  /// `path` from `folder`, without a leading `/` (`docs/a.md`; empty for
  /// `folder` itself); `path` without its `/` when it is not under `folder`.
  private static func path(_ path: String, from folder: String) -> String {
    if path == folder { return "" }
    let inside = folder == "/" ? "/" : folder + "/"
    return String(path.hasPrefix(inside) ? path.dropFirst(inside.count) : path.drop { $0 == "/" })
  }
}
