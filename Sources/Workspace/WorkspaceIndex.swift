import Links
import Outline
import Parallel

#if canImport(Glibc)
  import Glibc
#endif

/// The facts of every document in the workspace's folders, read from the
/// disk in the background and in parallel, in two stages: first each
/// document's headings, which `workspace/symbol` needs (taken from the
/// index the last run kept wherever the file's size and modification time
/// are unchanged, else outlined without links), then each document's
/// links, so that `references` and `rename` see documents the editor has
/// not opened. A document not yet indexed (or outside the folders) is
/// read on first use. Safe from several threads.
public final class WorkspaceIndex: Sendable {
  private let host: WorkspaceHost
  /// isle's version: an index kept by another version is not read.
  private let version: String
  private let known = Lock<[String: DocumentFacts?]>([:])
  /// The headings of each document, by path: the symbols.
  private let symbols = Lock<[String: IndexedDocument]>([:])
  /// The paths found by the last walk, in walk order.
  private let walked = Lock<[String]>([])
  /// The folders walked last.
  private let folders = Lock<[String]>([])
  /// Each chapter of the books the folders are, by its number in the
  /// books' order.
  private let chapters = Lock<[String: Int]>([:])
  /// The number of the latest build: an older one still running stops
  /// working and says nothing of being done.
  private let latest = Lock(0)
  /// How far the latest build is, which the requests and the shutdown
  /// wait on (each move wakes them).
  private let status = Condition(Status())

  /// How far the latest build is. Ready before any: a client that never
  /// sends `initialized` has no index to wait for (the documents are then
  /// read as they are asked for).
  private struct Status: Sendable {
    var stage = Stage.ready
    /// True while the latest build has yet to keep its index.
    var keeping = false
  }

  /// How far a build is.
  public enum Stage: Comparable, Sendable {
    /// Walking the folders, finding the documents' headings.
    case walking
    /// Every document's headings are known; their links are being read.
    case symbols
    case ready
  }

  public init(host: WorkspaceHost, version: String) {
    self.host = host
    self.version = version
  }

  /// Walks `folders` and indexes each document found, on every core, on
  /// a thread of its own, its progress sent with `progress` when there is
  /// one; `onDone` is called when all are indexed.
  public func build(
    folders: [String], progress send: (@Sendable (String) -> Void)? = nil,
    onDone: @escaping @Sendable () -> Void = {}
  ) {
    let build = latest.withLock { latest in
      latest += 1
      return latest
    }
    status.withLock { $0 = Status(stage: .walking, keeping: true) }
    self.folders.withLock { $0 = folders }
    let progress = send.map { IndexProgress(token: "isle-index-\(build)", send: $0) }
    Worker.run("isle.index") { [self] in
      defer { onDone() }
      defer { if isLatest(build) { status.withLock { $0.keeping = false } } }
      // A folder inside another is walked with it: each document once.
      var seen = Set<String>()
      let paths = folders.flatMap { host.documents(under: $0) }.filter { seen.insert($0).inserted }
      let order = folders.flatMap { host.bookOrder(of: $0) }
      guard isLatest(build) else { return }
      walked.withLock { $0 = paths }
      chapters.withLock { chapters in
        chapters = [:]
        for (ordinal, path) in order.enumerated() where chapters[path] == nil {
          chapters[path] = ordinal
        }
      }
      progress?.begin(documents: paths.count)
      let linked = index(paths, folders: folders, build: build, progress)
      // The client is told the end before what waited for it is answered.
      progress?.end(documents: paths.count)
      if linked { _ = advance(build, to: .ready) }
    }
  }

  /// The headings of `paths` found and kept, then their links; false when
  /// a later build took over first.
  private func index(
    _ paths: [String], folders: [String], build: Int, _ progress: IndexProgress?
  ) -> Bool {
    // No folder, no index to keep.
    let cache = folders.isEmpty ? nil : IndexCache.name(folders: folders)
    let keep = indexSymbols(paths, cache: cache, build: build, progress)
    guard advance(build, to: .symbols) else { return false }
    // Kept once the symbols can be answered, not before.
    keep?()
    status.withLock { $0.keeping = false }
    indexLinks(paths, build: build, progress)
    return true
  }

  /// The headings of `paths`: those the kept index has for the same
  /// version of the file, the others outlined; what keeps the index again
  /// when anything in it changed.
  private func indexSymbols(
    _ paths: [String], cache name: String?, build: Int, _ progress: IndexProgress?
  ) -> (() -> Void)? {
    let kept = name.flatMap(host.keptIndex(named:)).flatMap {
      IndexCache.decode($0, version: version)
    }
    var found: [String: IndexedDocument] = [:]
    found.reserveCapacity(paths.count)
    var missing: [(path: String, stamp: FileStamp?, key: String)] = []
    // The stamp is taken before the file is read: a change made meanwhile
    // makes the entry stale, never wrongly trusted.
    for path in paths {
      let stamp = host.stamp(of: path)
      let key = Self.key(host.outlineOptions(forDocumentAt: path))
      if let stamp, let entry = kept?[path], entry.stamp == stamp, entry.key == key {
        found[path] = entry
      } else {
        missing.append((path, stamp, key))
      }
    }
    symbols.withLock { symbols in
      for (path, entry) in found { symbols[path] = entry }
    }
    let fromCache = found.count
    progress?.step(.symbols, done: fromCache, of: paths.count)
    let outlined = missing
    OrderedParallelMap.run(count: outlined.count, jobs: Self.jobs(outlined.count)) {
      [self] index -> IndexedDocument? in
      guard isLatest(build) else { return nil }
      let document = outlined[index]
      return outlinedHeadings(document.path, stamp: document.stamp, key: document.key)
    } consume: { index, document in
      guard let document else { return }
      found[outlined[index].path] = document
      symbols.withLock { $0[outlined[index].path] = document }
      progress?.step(.symbols, done: fromCache + index + 1, of: paths.count)
    }
    guard let name, isLatest(build), !outlined.isEmpty || kept?.count != found.count else {
      return nil
    }
    let keeping = found
    return { [host, version] in
      host.keepIndex(IndexCache.encode(keeping, version: version), named: name)
    }
  }

  /// The links of `paths`, each document outlined whole, on worker
  /// threads niced below the thread that answers requests aside (itself
  /// niced): a `workspace/symbol` asked meanwhile has the cores first.
  private func indexLinks(_ paths: [String], build: Int, _ progress: IndexProgress?) {
    let consumer = pthread_self()
    OrderedParallelMap.run(count: paths.count, jobs: Self.jobs(paths.count)) {
      [self] index -> DocumentFacts?? in
      // Nothing, not even "unreadable", for a build that is not the latest.
      guard isLatest(build) else { return Optional<DocumentFacts?>.none }
      // A worker's thread is its own, and ends with the run; the
      // consumer's is the index's own, and keeps its priority.
      if pthread_equal(pthread_self(), consumer) == 0 {
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 15)
      }
      return Optional(load(paths[index]))
    } consume: { [self] index, outcome in
      guard case .some(let facts) = outcome else { return }
      known.withLock { $0[paths[index]] = facts }
      progress?.step(.links, done: index + 1, of: paths.count)
    }
  }

  /// A few documents are read at once on this thread; more on every core.
  private static func jobs(_ count: Int) -> Int {
    count < 16 ? 1 : max(Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))), 1)
  }

  private func isLatest(_ build: Int) -> Bool { latest.withLock { $0 == build } }

  /// Moves the latest build to `next`; false when `build` is no longer it.
  private func advance(_ build: Int, to next: Stage) -> Bool {
    latest.withLock { latest in
      guard latest == build else { return false }
      status.withLock { $0.stage = next }
      return true
    }
  }

  /// `stamp`, unless the file was modified in the last two seconds: then
  /// nil, and the entry is never trusted. A second change within the
  /// clock's step, of the same size, would leave the stamp as it was
  /// (git's "racily clean" files).
  public static func settled(_ stamp: FileStamp?) -> FileStamp? {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    let recent = (Int(now.tv_sec) - 2) &* 1_000_000_000 &+ Int(now.tv_nsec)
    guard let stamp, stamp.modified < recent else { return nil }
    return stamp
  }

  /// What decides a document's headings besides its bytes: a kept entry
  /// outlined otherwise is not taken.
  public static func key(_ options: OutlineOptions) -> String {
    "\(options.slugFlavor) \(options.maxDepth)"
  }

  /// The headings of the document at `path`: scanned (`ScannedHeadings`),
  /// else outlined without its links.
  private func outlinedHeadings(_ path: String, stamp: FileStamp?, key: String)
    -> IndexedDocument?
  {
    guard let bytes = host.load(path) else { return nil }
    let stamp = Self.settled(stamp)
    let options = OutlineFacts.options(host.outlineOptions(forDocumentAt: path), links: false)
    // Most Markdown documents' headings are found by reading their lines.
    if (options.format ?? DocumentFormat.fromExtension(of: path)) == .markdown,
      let headings = ScannedHeadings.headings(bytes, options: options)
    {
      return IndexedDocument(stamp: stamp, key: key, headings: headings)
    }
    guard let document = try? Outliner.outline(bytes, path: path, options: options) else {
      return nil
    }
    let outline = OutlineFacts(path: path, document: document, text: TextLines(bytes))
    return IndexedDocument(
      stamp: stamp, key: key, headings: outline.headings.map(IndexedHeading.init))
  }

  /// Where `path` comes in the order of the workspace's books; nil for a
  /// document that is no book's chapter.
  public func bookOrder(of path: String) -> Int? { chapters.withLock { $0[path] } }

  /// True once the walk and every document's headings and links are done.
  public var isReady: Bool { status.read { $0.stage == .ready } }

  /// Waits until the latest build has kept its index (or has nothing to
  /// keep), so that a server shut down right after its first answer
  /// still leaves the index for the next start.
  public func waitUntilKept() {
    status.wait { $0.keeping ? nil : () }
  }

  /// Waits until every document's headings are known, or `cancelled`
  /// says to stop; true when they are.
  public func waitForSymbols(unless cancelled: () -> Bool) -> Bool {
    wait(for: .symbols, unless: cancelled)
  }

  /// Waits until every document's headings and links are known, or
  /// `cancelled` says to stop; true when they are.
  public func waitUntilReady(unless cancelled: () -> Bool) -> Bool {
    wait(for: .ready, unless: cancelled)
  }

  /// Waits until the latest build is at `stage`, asleep until it moves
  /// on or `wake` is called; false once `cancelled` says to stop first.
  private func wait(for stage: Stage, unless cancelled: () -> Bool) -> Bool {
    status.wait { status in
      if status.stage >= stage { return true }
      return cancelled() ? false : nil
    }
  }

  /// Wakes the threads waiting for the index to look again whether
  /// they are cancelled: called once a request is.
  public func wake() { status.wake() }

  /// The documents of the workspace, each in the facts it has on disk.
  public var documents: [DocumentFacts] {
    let paths = walked.withLock { $0 }
    return known.withLock { known in paths.compactMap { known[$0] ?? nil } }
  }

  /// The headings of the documents of the workspace, as on disk, in walk
  /// order.
  public var headings: [(path: String, headings: [IndexedHeading])] {
    let paths = walked.withLock { $0 }
    return symbols.withLock { symbols in
      paths.compactMap { path in symbols[path].map { (path, $0.headings) } }
    }
  }

  /// The facts of the document at `path` as on disk, read now if not yet.
  public func facts(_ path: String) -> DocumentFacts? {
    if let found = known.withLock({ $0[path] }) { return found }
    let facts = load(path)
    known.withLock { $0[path] = facts }
    return facts
  }

  /// Forgets what is known of `path` (it changed on disk), reading it
  /// again at once when it is one of the workspace's documents. The kept
  /// index is not written again: at the next start the file's new stamp
  /// tells it has changed.
  public func refresh(_ path: String, deleted: Bool) {
    if deleted {
      known.withLock { $0[path] = nil }
      symbols.withLock { $0[path] = nil }
      walked.withLock { $0.removeAll { $0 == path } }
      return
    }
    let stamp = Self.settled(host.stamp(of: path))
    let facts = load(path)
    known.withLock { $0[path] = facts }
    let key = Self.key(host.outlineOptions(forDocumentAt: path))
    symbols.withLock {
      $0[path] = facts.map {
        IndexedDocument(stamp: stamp, key: key, headings: $0.headings.map(IndexedHeading.init))
      }
    }
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

  /// The paths of the workspace's documents, in walk order (those found
  /// since joined at the end).
  public var paths: [String] { walked.withLock { $0 } }

  private func load(_ path: String) -> DocumentFacts? {
    guard let bytes = host.load(path) else { return nil }
    return DocumentFacts.outline(
      TextLines(bytes), path: path, options: host.outlineOptions(forDocumentAt: path))
  }
}
