import Dispatch

#if canImport(Glibc)
  import Glibc
#endif

/// Work done one piece at a time, in order, on a thread of its own that
/// runs nothing else, niced: on a busy machine the thread that answers
/// an editor's quick requests has the cores first. The language server's
/// requests answered aside, and its diagnostics, run on one each.
public final class NicedThread: Sendable {
  private let work = Lock<[@Sendable () -> Void]>([])
  private let waiting = DispatchSemaphore(value: 0)

  /// A thread named `label`, waiting for work.
  public init(label: String) {
    // A queue of its own, whose one block never ends: the thread it runs
    // on is this one's alone (a queue's blocks may otherwise move from
    // one of the shared threads to another, nice value and all).
    DispatchQueue(label: label).async { [self] in
      Self.nice()
      while true {
        waiting.wait()
        let next = work.withLock { $0.removeFirst() }
        next()
      }
    }
  }

  /// Runs `body` after the work given before it.
  public func async(_ body: @escaping @Sendable () -> Void) {
    work.withLock { $0.append(body) }
    waiting.signal()
  }

  /// Waits until the work given so far is done.
  public func drain() {
    let done = DispatchSemaphore(value: 0)
    async { done.signal() }
    done.wait()
  }

  /// Lowers the calling thread's priority (on Linux a thread's nice value
  /// is its own).
  private static func nice() {
    _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
  }
}
