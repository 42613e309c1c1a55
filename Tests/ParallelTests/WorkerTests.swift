import Parallel
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A worker takes work in the order given on a thread of its own, named
/// and niced as asked, sleeps while it has none, and, let go, finishes
/// what it was given; results of many threads come back in order.
@Suite struct WorkerTests {
  /// The calling thread's name.
  static func threadName() -> String {
    let descriptor = open("/proc/thread-self/comm", O_RDONLY)
    guard descriptor >= 0 else { return "" }
    defer { close(descriptor) }
    var bytes = [UInt8](repeating: 0, count: 32)
    let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    return String(decoding: bytes.prefix(max(count, 0)), as: UTF8.self)
      .trimmingCharacters(in: .newlines)
  }

  @Test func workIsDoneInOrderOnOneThreadNamedAndNiced() {
    let worker = Worker(label: "test.niced", niced: true)
    let seen = Lock<[(Int, pthread_t, String, Int32)]>([])
    for index in 0..<100 {
      worker.async {
        let nice = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
        seen.withLock { $0.append((index, pthread_self(), Self.threadName(), nice)) }
      }
    }
    worker.drain()
    let done = seen.withLock { $0 }
    #expect(done.map(\.0) == Array(0..<100), "all done, in order, before drain returned")
    #expect(Set(done.map { UInt($0.1) }).count == 1, "on one thread")
    #expect(done.first?.1 != pthread_self())
    #expect(done.first?.2 == "test.niced")
    #expect(done.first?.3 == 10)
  }

  @Test func anIdleWorkerSleeps() throws {
    let worker = Worker(label: "test.idle")
    let usage = Condition<[ThreadUsage]>([])
    worker.async { usage.withLock { $0.append(ThreadUsage.now()) } }
    worker.drain()
    usleep(300_000)
    worker.async { usage.withLock { $0.append(ThreadUsage.now()) } }
    let both = try #require(
      usage.wait(for: { $0.count == 2 ? $0 : nil }, seconds: 10 * ConditionTests.scale))
    #expect(both[1].since(both[0]).switches < 10, "\(both[1].since(both[0]).switches)")
  }

  @Test func aWorkerLetGoFinishesItsWork() {
    let done = Condition(0)
    do {
      let worker = Worker(label: "test.let-go")
      for _ in 0..<10 {
        worker.async {
          usleep(1_000)
          done.withLock { $0 += 1 }
        }
      }
    }
    #expect(done.wait(for: { $0 == 10 ? $0 : nil }, seconds: 10 * ConditionTests.scale) == 10)
  }

  @Test func resultsComeInOrderAndAnEarlyStopJoinsEveryThread() {
    var results: [Int] = []
    OrderedParallelMap.run(count: 2000, jobs: 4, window: 8) {
      $0 * 3
    } consume: {
      results.append($1)
    }
    #expect(results == (0..<2000).map { $0 * 3 })
    struct StopError: Error {}
    let started = Lock(0)
    var consumed = 0
    #expect(throws: StopError.self) {
      try OrderedParallelMap.run(count: 10_000, jobs: 4, window: 8) { index in
        started.withLock { $0 += 1 }
        return index
      } consume: { index, _ in
        consumed += 1
        if index == 20 { throw StopError() }
      }
    }
    #expect(consumed == 21)
    // Nothing more starts once the consumer stopped: the window and the
    // workers' own are all that ran past it.
    #expect(started.withLock { $0 } < 21 + 8 + 4 + 1)
  }

  /// `jobs` threads work, the calling thread one of them: no more than
  /// `jobs` pieces of work at once, and some of them on the caller's own
  /// thread (it works while its next result is not ready, where it used
  /// to sleep beside `jobs` workers).
  @Test func theCallingThreadIsOneOfTheJobs() {
    let caller = pthread_self()
    let byCaller = Lock(0)
    let running = Lock((now: 0, most: 0))
    var results: [Int] = []
    OrderedParallelMap.run(count: 200, jobs: 2) { index in
      running.withLock {
        $0.now += 1
        $0.most = max($0.most, $0.now)
      }
      if pthread_equal(pthread_self(), caller) != 0 { byCaller.withLock { $0 += 1 } }
      usleep(200)
      running.withLock { $0.now -= 1 }
      return index
    } consume: {
      results.append($1)
    }
    #expect(results == Array(0..<200))
    #expect(running.withLock { $0.most } <= 2)
    #expect(byCaller.withLock { $0 } > 0)
  }
}
