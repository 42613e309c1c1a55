import LanguageServer
import Links
import Outline
import Parallel

@testable import Workspace

/// A workspace held in memory: files by absolute path, the repository's
/// root at `/ws`, GitHub's ids.
struct MemoryHost: WorkspaceHost {
  /// The files, changeable while the server runs (a file saved elsewhere).
  let store: Lock<[String: String]>
  /// What `updatedContents` answers: a stand-in for `toc --write`.
  var contents: @Sendable ([UInt8], String) -> [UInt8]? = { _, _ in nil }
  /// The chapters of a book, in its order: what `bookOrder` answers for
  /// a folder holding them.
  var chapters: [String] = []

  init(
    _ files: [String: String],
    contents: @escaping @Sendable ([UInt8], String) -> [UInt8]? = { _, _ in nil }
  ) {
    store = Lock(files)
    self.contents = contents
  }

  var files: [String: String] { store.withLock { $0 } }

  func load(_ path: String) -> [UInt8]? { files[path].map { Array($0.utf8) } }

  func kind(of path: String) -> TargetKind {
    let files = self.files
    if files[path] != nil { return .file }
    return files.keys.contains { $0.hasPrefix(path + "/") } ? .folder : .missing
  }

  func documents(under folder: String) -> [String] {
    files.keys.filter { $0.hasPrefix(folder + "/") && DocumentFormat.fromExtension(of: $0) != nil }
      .sorted()
  }

  func outlineOptions(forDocumentAt path: String) -> OutlineOptions { OutlineOptions() }

  func fileNames(in folder: String) -> [String] {
    let inside = folder == "/" ? "/" : folder + "/"
    return files.keys.filter { $0.hasPrefix(inside) && !$0.dropFirst(inside.count).contains("/") }
      .map { String($0.dropFirst(inside.count)) }
  }

  func folderNames(in folder: String) -> [String] {
    let inside = folder == "/" ? "/" : folder + "/"
    let below = files.keys.filter { $0.hasPrefix(inside) }.map { $0.dropFirst(inside.count) }
    return Set(below.compactMap { rest in rest.firstIndex(of: "/").map { String(rest[..<$0]) } })
      .sorted()
  }

  func bookOrder(of folder: String) -> [String] {
    chapters.filter { $0.hasPrefix(folder + "/") }
  }

  func repositoryRoot(of path: String) -> String? { nil }

  func updatedToc(of bytes: [UInt8], path: String) -> [UInt8]? { contents(bytes, path) }
}
