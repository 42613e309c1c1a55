import Dispatch

/// Runs work on many documents across the cores and hands the results
/// over in their original order, keeping at most `window` results alive at
/// once, so memory follows the largest document rather than the sum.
enum OrderedWork {
  /// Calls `work` for each index in `0..<count` on `jobs` threads, and
  /// `emit` for each result on the calling thread, in index order. If
  /// `emit` throws (a closed pipe), the workers stop after what they hold.
  static func run<Result: Sendable>(
    count: Int, jobs: Int, work: @escaping @Sendable (Int) -> Result,
    emit: (Int, Result) throws -> Void
  ) throws {
    if jobs <= 1 || count <= 1 {
      for index in 0..<count { try emit(index, work(index)) }
      return
    }
    // Only `jobs` documents are ever being read at once; the window bounds
    // the finished outputs (far smaller than documents) waiting their turn,
    // wide enough that one slow document does not idle the other cores.
    let state = SharedState<Result>(count: count, window: jobs * 16)
    let group = DispatchGroup()
    for _ in 0..<min(jobs, count) {
      DispatchQueue.global().async(group: group) {
        while let index = state.claim() {
          state.store(work(index), at: index)
        }
      }
    }
    defer {
      state.cancel(workers: jobs)
      group.wait()
    }
    for index in 0..<count {
      let result = state.take(index)
      try emit(index, result)
    }
  }

  /// What the workers and the emitter share, guarded by semaphores.
  private final class SharedState<Result>: @unchecked Sendable {
    private var results: [Result?]
    private let ready: [DispatchSemaphore]
    private let window: DispatchSemaphore
    private let lock = DispatchSemaphore(value: 1)
    private var next = 0
    private var cancelled = false

    init(count: Int, window: Int) {
      results = Array(repeating: nil, count: count)
      ready = (0..<count).map { _ in DispatchSemaphore(value: 0) }
      self.window = DispatchSemaphore(value: window)
    }

    /// The next index to work on, once the window has room; nil when all
    /// are taken or the run is over.
    func claim() -> Int? {
      window.wait()
      lock.wait()
      defer { lock.signal() }
      guard !cancelled, next < results.count else { return nil }
      next += 1
      return next - 1
    }

    func store(_ result: Result, at index: Int) {
      lock.wait()
      results[index] = result
      lock.signal()
      ready[index].signal()
    }

    /// Waits for result `index`, takes it out, and makes room for another.
    func take(_ index: Int) -> Result {
      ready[index].wait()
      lock.wait()
      let result = results[index]!
      results[index] = nil
      lock.signal()
      window.signal()
      return result
    }

    /// Ends the run: workers waiting for room wake and find nothing to do.
    func cancel(workers: Int) {
      lock.wait()
      cancelled = true
      lock.signal()
      for _ in 0..<workers { window.signal() }
    }
  }
}
