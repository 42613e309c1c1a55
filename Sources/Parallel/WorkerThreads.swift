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

  /// `count` threads, each running `body` once.
  init(_ count: Int, _ body: @escaping @Sendable () -> Void) {
    for _ in 0..<count {
      let box = Unmanaged.passRetained(Body(body)).toOpaque()
      var thread = pthread_t()
      let started = pthread_create(
        &thread, nil,
        { box in
          let body = Unmanaged<Body>.fromOpaque(box!).takeRetainedValue()
          body.run()
          return nil
        }, box)
      if started == 0 {
        threads.append(thread)
      } else {
        // No thread to be had: the work is done here, in turn.
        Unmanaged<Body>.fromOpaque(box).takeRetainedValue().run()
      }
    }
  }

  /// Waits for every thread to finish.
  func join() {
    for thread in threads { pthread_join(thread, nil) }
  }

  private final class Body: Sendable {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
  }
}
