import Parallel

#if canImport(Glibc)
  import Glibc
#endif

/// What the server watches on disk for its client: the files of the
/// resources it subscribed to, each one's size and time of last change
/// polled every 250 ms (`notifications/resources/updated` when either
/// moves), and, once the client has listed the resources, the documents
/// under the roots, walked again every two seconds
/// (`notifications/resources/list_changed` when one comes or goes).
final class ResourceWatch: Sendable {
  private struct State {
    /// Each subscribed URI: its file's real path and fingerprint.
    var subscribed: [String: (path: String, print: UInt64)] = [:]
    /// The roots and the documents under them when last listed.
    var listed: (roots: [String], documents: [String])? = nil
    var stopped = false
    /// True once the polling thread is given its work.
    var started = false
  }

  private let state = Lock(State())
  private let notify: @Sendable (_ method: String, _ uri: String?) -> Void
  private let thread = Worker(label: "isle-mcp-watch", niced: true)

  /// A watch telling of each change with `notify` (the method, and the
  /// URI for an update).
  init(notify: @escaping @Sendable (_ method: String, _ uri: String?) -> Void) {
    self.notify = notify
  }

  func subscribe(_ uri: String, path: String) {
    state.withLock { $0.subscribed[uri] = (path, PageCursor.fingerprint([path])) }
    start()
  }

  func unsubscribe(_ uri: String) {
    state.withLock { $0.subscribed[uri] = nil }
  }

  /// The documents the client was given a list of, under `roots`.
  func listed(roots: [String], documents: [String]) {
    state.withLock { $0.listed = (roots, documents) }
    start()
  }

  /// Ends the polling (at the end of the input).
  func stop() {
    let started = state.withLock { state in
      state.stopped = true
      return state.started
    }
    if started { thread.drain() }
  }

  private func start() {
    let starting = state.withLock { state in
      defer { state.started = true }
      return !state.started
    }
    if starting { thread.async { self.poll() } }
  }

  private func poll() {
    var ticks = 0
    while true {
      usleep(250_000)
      ticks += 1
      let (subscribed, listed, stopped) = state.withLock { ($0.subscribed, $0.listed, $0.stopped) }
      if stopped { return }
      for (uri, watched) in subscribed.sorted(by: { $0.key < $1.key }) {
        let now = PageCursor.fingerprint([watched.path])
        guard now != watched.print else { continue }
        state.withLock { $0.subscribed[uri]?.print = now }
        notify("notifications/resources/updated", uri)
      }
      if ticks % 8 == 0, let listed {
        let documents = ToolBox.documents(under: listed.roots)
        if documents != listed.documents {
          state.withLock { $0.listed = (listed.roots, documents) }
          notify("notifications/resources/list_changed", nil)
        }
      }
    }
  }
}
