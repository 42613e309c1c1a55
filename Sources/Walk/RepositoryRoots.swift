import Files
import Links
import Parallel

/// Where each document's repository starts (the nearest folder above it
/// holding `.git`), for links written from the root (`/docs/x.md`); the
/// current folder for a document in no repository. Answers are kept per
/// folder, safe from several threads.
public final class RepositoryRoots: Sendable {
  private let files: FileAccess
  private let known = Lock<[String: String]>([:])

  /// Roots found on `files`.
  public init(files: FileAccess) {
    self.files = files
  }

  /// The root for the document at `path`, written as paths are given: from
  /// the current folder when it is the current folder or above it.
  public func root(of path: String) -> String {
    let folder = LinkPath.folder(of: path)
    if let root = known.withLock({ $0[folder] }) { return root }
    let current = SourceWalker.canonical(files.resolvedPath("."))
    let absolute = SourceWalker.canonical(files.resolvedPath(folder))
    let root =
      GitRepository.top(of: absolute, files: files).map { Self.relative($0, from: current) } ?? "."
    known.withLock { $0[folder] = root }
    return root
  }

  /// `path` from `current`: `.`, `..`, `../..` when it is `current` or
  /// above it, `sub/dir` below it, else absolute.
  static func relative(_ path: String, from current: String) -> String {
    if path == current { return "." }
    if current.hasPrefix(path == "/" ? "/" : path + "/") {
      let depth = current.dropFirst(path.count).split(separator: "/").count
      return Array(repeating: "..", count: depth).joined(separator: "/")
    }
    if path.hasPrefix(current + "/") { return String(path.dropFirst(current.count + 1)) }
    return path
  }
}
