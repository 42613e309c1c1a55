/// Work over `0..<count` on several threads with the results handed over in
/// index order: the one way isle runs things side by side (many documents,
/// the pieces of one large document).
///
/// At most `window` results wait for their turn, so memory follows the
/// largest result rather than the sum. When the consumer stops early (a
/// closed pipe), the workers finish what they hold and take nothing more;
/// every thread is joined before `run` returns, whatever happened.
public enum OrderedParallelMap {
  /// Calls `work` for each index on `jobs` threads, the calling thread one
  /// of them, and `consume` for each result on the calling thread, in
  /// index order. If `consume` throws, no
  /// new work starts and the error is rethrown once the workers are done.
  public static func run<Result: Sendable>(
    count: Int, jobs: Int, window: Int? = nil, work: @escaping @Sendable (Int) -> Result,
    consume: (Int, Result) throws -> Void
  ) rethrows {
    if jobs <= 1 || count <= 1 {
      for index in 0..<count { try consume(index, work(index)) }
      return
    }
    let wanted = min(jobs, count)
    let state = Shared<Result>(count: count, window: max(window ?? wanted * 16, wanted))
    // The calling thread is one of the `jobs`: while its next result is
    // not ready it works too, so `jobs` threads run, not one more that
    // wakes and sleeps for each result.
    var workers: [Worker] = []
    for _ in 1..<wanted {
      guard let worker = Worker(starting: "isle.work", niced: false) else { break }
      worker.async {
        while let index = state.claim() { state.store(work(index), at: index) }
      }
      workers.append(worker)
    }
    defer {
      state.stop()
      for worker in workers { worker.finish() }
    }
    for index in 0..<count { try consume(index, state.take(index, helping: work)) }
  }

  /// Every result of `work` over `0..<count`, in order, computed on `jobs`
  /// threads. `work` need not be `Sendable`: it is only called while this
  /// function runs, and every thread is joined before it returns.
  public static func collect<Result>(count: Int, jobs: Int, _ work: (Int) -> Result) -> [Result] {
    withoutActuallyEscaping(work) { work in
      let borrowed = Borrowed(work)
      var results: [Result] = []
      results.reserveCapacity(count)
      run(count: count, jobs: jobs, window: count) { index in
        Borrowed(borrowed.value(index))
      } consume: {
        _, result in
        results.append(result.value)
      }
      return results
    }
  }

  /// What the workers and the consumer share, each waiting on it for
  /// what it needs: a worker for room, the consumer for its next result.
  private final class Shared<Result: Sendable>: Sendable {
    private struct State: Sendable {
      var results: [Result?]
      var next = 0
      var taken = 0
      var stopped = false
    }
    private let state: Condition<State>
    private let window: Int

    init(count: Int, window: Int) {
      state = Condition(State(results: Array(repeating: nil, count: count)))
      self.window = window
    }

    /// The next index to work on once fewer than `window` results wait;
    /// nil when all are claimed or the run has stopped.
    func claim() -> Int? {
      state.wait { state -> Int?? in
        if state.stopped || state.next >= state.results.count { return .some(nil) }
        guard state.next - state.taken < window else { return nil }
        state.next += 1
        return .some(state.next - 1)
      }
    }

    /// Keeps result `index`, waking the consumer only when it is the one
    /// it waits for.
    func store(_ result: Result, at index: Int) {
      state.change { state in
        state.results[index] = result
        return ((), wakes: index == state.taken)
      }
    }

    /// Result `index` (the next not taken), taken out to make room for
    /// another; until it is ready, the caller does the next work not yet
    /// claimed with `work`, and waits only when there is none.
    func take(_ index: Int, helping work: (Int) -> Result) -> Result {
      while true {
        let step = state.wait { state -> Step? in
          if let result = state.results[index] {
            state.results[index] = nil
            state.taken += 1
            return .ready(result)
          }
          if !state.stopped && state.next < state.results.count
            && state.next - state.taken < window
          {
            state.next += 1
            return .claimed(state.next - 1)
          }
          return nil
        }
        switch step {
        case .ready(let result): return result
        case .claimed(let claimed): store(work(claimed), at: claimed)
        }
      }
    }

    /// What the consumer does next: take its result, or work on one.
    private enum Step {
      case ready(Result)
      case claimed(Int)
    }

    /// Ends the run: workers waiting for room wake and find nothing to do.
    func stop() {
      state.withLock { $0.stopped = true }
    }
  }
}

/// A value lent to worker threads that are all joined before the lender
/// returns, vouched for by hand (as `Condition` vouches for its value).
private struct Borrowed<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
