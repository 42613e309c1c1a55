import Links
import Outline
import Parallel

#if canImport(Glibc)
  import Glibc
#endif

/// The facts of every document in the workspace's folders, read from the
/// disk in the background and in parallel, so that `workspace/symbol`,
/// `references` and `rename` see documents the editor has not opened.
/// A document not yet indexed (or outside the folders) is read on first
/// use. Safe from several threads.
final class WorkspaceIndex: Sendable {
  private let host: WorkspaceHost
  private let known = Lock<[String: DocumentFacts?]>([:])
  /// The paths found by the last walk, in walk order.
  private let walked = Lock<[String]>([])
  /// The folders walked last.
  private let folders = Lock<[String]>([])
  /// Each chapter of the books the folders are, by its place in the
  /// books' order.
  private let chapters = Lock<[String: Int]>([:])
  /// False while a walk runs. True before any: a client that never sends
  /// `initialized` has no index to wait for (the documents are then read
  /// as they are asked for).
  private let ready = Lock<Bool>(true)

  init(host: WorkspaceHost) {
    self.host = host
  }

  /// Walks `folders` and outlines each document found, on every core, on
  /// a thread of its own; `onDone` is called when all are indexed.
  func build(folders: [String], onDone: @escaping @Sendable () -> Void = {}) {
    ready.withLock { $0 = false }
    self.folders.withLock { $0 = folders }
    Background.run("isle.index") { [self] in
      let paths = folders.flatMap { host.documents(under: $0) }
      walked.withLock { $0 = paths }
      let order = folders.flatMap { host.bookOrder(of: $0) }
      chapters.withLock { chapters in
        chapters = [:]
        for (place, path) in order.enumerated() where chapters[path] == nil {
          chapters[path] = place
        }
      }
      let cores = max(Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))), 1)
      // A few documents are read at once on this thread.
      let jobs = paths.count < 16 ? 1 : cores
      OrderedParallelMap.run(count: paths.count, jobs: jobs) { [self] index in
        load(paths[index])
      } consume: { [self] index, facts in
        self.known.withLock { $0[paths[index]] = facts }
      }
      ready.withLock { $0 = true }
      onDone()
    }
  }

  /// Where `path` comes in the order of the workspace's books; nil for a
  /// document that is no book's chapter.
  func bookPlace(of path: String) -> Int? { chapters.withLock { $0[path] } }

  /// True once the walk and the outlines are done.
  var isReady: Bool { ready.withLock { $0 } }

  /// The documents of the workspace, each in the facts it has on disk.
  var documents: [DocumentFacts] {
    let paths = walked.withLock { $0 }
    return known.withLock { known in paths.compactMap { known[$0] ?? nil } }
  }

  /// The facts of the document at `path` as on disk, read now if not yet.
  func facts(_ path: String) -> DocumentFacts? {
    if let found = known.withLock({ $0[path] }) { return found }
    let facts = load(path)
    known.withLock { $0[path] = facts }
    return facts
  }

  /// Forgets what is known of `path` (it changed on disk), reading it
  /// again at once when it is one of the workspace's documents.
  func refresh(_ path: String, deleted: Bool) {
    if deleted {
      known.withLock { $0[path] = nil }
      walked.withLock { $0.removeAll { $0 == path } }
      return
    }
    let facts = load(path)
    known.withLock { $0[path] = facts }
    walked.withLock { paths in
      // A new document of the workspace's folders joins it; one outside
      // them is only known.
      let inside = folders.withLock { $0 }.contains { path.hasPrefix($0 == "/" ? "/" : $0 + "/") }
      if facts != nil, inside, !paths.contains(path),
        DocumentFormat.fromExtension(of: path) != nil
      {
        paths.append(path)
      }
    }
  }

  private func load(_ path: String) -> DocumentFacts? {
    guard let bytes = host.read(path) else { return nil }
    return DocumentFacts.outline(
      TextLines(bytes), path: path, options: host.outlineOptions(forDocumentAt: path))
  }
}
