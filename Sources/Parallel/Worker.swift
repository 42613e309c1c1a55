#if canImport(Glibc)
  import Glibc
#endif

/// A thread of isle's own that takes work one piece at a time, in the
/// order given, and runs nothing else: the one way isle starts a thread.
/// It waits on a `Condition` while it has nothing to do.
///
/// Not the system's shared pool: a worker may wait for another started
/// inside its work (the pieces of a large document, found among many
/// documents), and a pool as wide as the cores would have no thread left
/// for that work until it noticed and grew; and a worker's thread is its
/// own, nice value and all, which the language server's aside and
/// diagnostics threads need (a shared queue's work moves from one thread
/// to another). A worker let go finishes the work given and ends.
public final class Worker: Sendable {
  private struct Queue: Sendable {
    var work: [@Sendable () -> Void] = []
    /// True once no more work comes: the thread ends when it has none.
    var closing = false
  }

  private let queue: Condition<Queue>
  private let thread: pthread_t
  /// False once `finish` has joined the thread.
  private let running = Lock(true)

  /// A worker named `label` (the thread's name, as `ps -L` shows it),
  /// niced when `niced`: on a busy machine the thread that answers an
  /// editor's quick requests has the cores first. It traps when the
  /// system will start no more threads.
  public convenience init(label: String, niced: Bool = false) {
    self.init(starting: label, niced: niced)!
  }

  /// A worker, or nil when the system will start no more threads.
  init?(starting label: String, niced: Bool) {
    let queue = Condition(Queue())
    let body = Body {
      Self.name(label)
      if niced { _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10) }
      while let next = queue.wait(for: Self.next) { next() }
    }
    let box = Unmanaged.passRetained(body).toOpaque()
    var thread = pthread_t()
    let created = pthread_create(
      &thread, nil,
      { box in
        Unmanaged<Body>.fromOpaque(box!).takeRetainedValue().run()
        return nil
      }, box)
    guard created == 0 else {
      Unmanaged<Body>.fromOpaque(box).release()
      return nil
    }
    self.queue = queue
    self.thread = thread
  }

  deinit {
    queue.withLock { $0.closing = true }
    if running.withLock({ $0 }) { pthread_detach(thread) }
  }

  /// Runs `body` on a thread of its own that ends with it (reading a
  /// stream that blocks, indexing a workspace while requests are
  /// answered).
  public static func run(_ label: String, _ body: @escaping @Sendable () -> Void) {
    Worker(label: label).async(body)
  }

  /// Runs `body` after the work given before it.
  public func async(_ body: @escaping @Sendable () -> Void) {
    queue.withLock { $0.work.append(body) }
  }

  /// Waits until the work given so far is done.
  public func drain() {
    let done = Condition(false)
    async { done.withLock { $0 = true } }
    done.wait { $0 ? () : nil }
  }

  /// Takes no more work and waits for the thread to end, the work given
  /// done.
  func finish() {
    queue.withLock { $0.closing = true }
    pthread_join(thread, nil)
    running.withLock { $0 = false }
  }

  /// The next piece of work: `.some(nil)` when the worker is to end, nil
  /// while it has nothing to do.
  private static func next(_ queue: inout Queue) -> (@Sendable () -> Void)?? {
    if !queue.work.isEmpty { return .some(queue.work.removeFirst()) }
    return queue.closing ? .some(nil) : nil
  }

  /// Names the calling thread, as `ps -L` and `top -H` show it (Linux
  /// keeps 15 bytes): written where the kernel keeps it, as
  /// pthread_setname_np does (which Glibc's module leaves out).
  private static func name(_ label: String) {
    let descriptor = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    defer { close(descriptor) }
    let bytes = Array(label.utf8.prefix(15))
    _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
  }

  private final class Body: Sendable {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
  }
}
