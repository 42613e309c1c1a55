#if canImport(Glibc)
  import Glibc
#endif

/// Threads of isle's own, started for one run of work and joined at its
/// end. Not the system's shared pool: a worker of one run may wait for
/// another run started inside it (the pieces of a large document, found
/// among many documents), and a pool as wide as the cores would have no
/// thread left for that run's work until the pool noticed and grew.
struct WorkerThreads {
  private var threads: [pthread_t] = []

  /// Up to `count` threads, each running `body` once: fewer when the
  /// system will not start more (`started` says how many).
  init(_ count: Int, _ body: @escaping @Sendable () -> Void) {
    for _ in 0..<count {
      let box = Unmanaged.passRetained(Body(body)).toOpaque()
      var thread = pthread_t()
      let created = pthread_create(
        &thread, nil,
        { box in
          Unmanaged<Body>.fromOpaque(box!).takeRetainedValue().run()
          return nil
        }, box)
      guard created == 0 else {
        Unmanaged<Body>.fromOpaque(box).release()
        break
      }
      threads.append(thread)
    }
  }

  /// How many threads were started.
  var started: Int { threads.count }

  /// Waits for every thread to finish.
  func join() {
    for thread in threads { pthread_join(thread, nil) }
  }

  private final class Body: Sendable {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
  }
}
