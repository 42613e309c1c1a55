import Parallel
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A thread waiting on a `Condition` sleeps until what it waits for
/// changes, and wakes then: no polling, no CPU while it waits.
@Suite struct ConditionTests {
  /// How many times longer the tests wait on a slowed (sanitized) build.
  static let scale = getenv("ISLE_TIMEOUT_SCALE").flatMap { Double(String(cString: $0)) } ?? 1

  /// Runs `wait` on a thread of its own; what it spent and when it was
  /// done, once it is.
  static func waiting(_ wait: @escaping @Sendable () -> Void) -> Condition<Woken?> {
    waitingOnItsOwnThread {
      wait()
      return true
    }
  }

  @Test func aWaiterSleepsUntilTheValueChangesAndWakesAtOnce() throws {
    let condition = Condition(0)
    let woken = Self.waiting { condition.wait { $0 == 1 ? () : nil } }
    usleep(300_000)
    #expect(woken.read { $0 == nil }, "still waiting")
    let changed = ThreadUsage.clock()
    condition.withLock { $0 = 1 }
    let outcome = try #require(woken.wait(for: { $0 }, seconds: 10 * Self.scale))
    // A poll every 2 ms would have given up the processor 150 times.
    #expect(outcome.usage.switches < 10, "woken \(outcome.usage.switches) times")
    #expect(outcome.usage.seconds < 0.05 * Self.scale, "\(outcome.usage.seconds) s of CPU")
    #expect(outcome.at - changed < 0.5 * Self.scale, "woke \(outcome.at - changed) s after")
  }

  @Test func aChangeThatDoesNotSatisfyTheWaiterLeavesItWaiting() throws {
    let condition = Condition(0)
    let woken = Self.waiting { condition.wait { $0 >= 3 ? () : nil } }
    for value in 1...2 {
      condition.withLock { $0 = value }
      usleep(20_000)
      #expect(woken.read { $0 == nil }, "waiting at \(value)")
    }
    condition.withLock { $0 = 3 }
    #expect(try #require(woken.wait(for: { $0 }, seconds: 10 * Self.scale)).usage.switches < 10)
  }

  @Test func wakeHasAWaiterLookAtWhatIsKeptElsewhere() throws {
    let condition = Condition(())
    let cancelled = Lock(false)
    let woken = Self.waiting { condition.wait { _ in cancelled.withLock { $0 } ? () : nil } }
    usleep(100_000)
    cancelled.withLock { $0 = true }
    #expect(woken.read { $0 == nil }, "not woken by a change elsewhere alone")
    let asked = ThreadUsage.clock()
    condition.wake()
    let outcome = try #require(woken.wait(for: { $0 }, seconds: 10 * Self.scale))
    #expect(outcome.at - asked < 0.5 * Self.scale)
    #expect(outcome.usage.switches < 10)
  }

  @Test func aWaitWithADeadlineSleepsUntilItOrTheChange() throws {
    let condition = Condition(0)
    let started = ThreadUsage.clock()
    let before = ThreadUsage.now()
    #expect(condition.wait(for: { $0 == 1 ? () : nil }, seconds: 0.2) == nil)
    let waited = ThreadUsage.clock() - started
    #expect(waited >= 0.2 && waited < 0.2 + 0.5 * Self.scale, "\(waited) s")
    #expect(ThreadUsage.now().since(before).switches < 10)
    // Woken before the deadline by the change it waits for.
    let woken = Self.waiting { _ = condition.wait(for: { $0 == 1 ? () : nil }, seconds: 60) }
    usleep(100_000)
    let changed = ThreadUsage.clock()
    condition.withLock { $0 = 1 }
    let outcome = try #require(woken.wait(for: { $0 }, seconds: 10 * Self.scale))
    #expect(outcome.at - changed < 0.5 * Self.scale)
  }

  @Test func whatAWaiterTakesWakesTheOthers() throws {
    // Two takers of one queue, a putter: each item is taken once.
    let queue = Condition<[Int]>([])
    let taken = Condition<[Int]>([])
    for _ in 0..<2 {
      Worker.run("test.taker") {
        while true {
          let item = queue.wait { $0.isEmpty ? nil : $0.removeFirst() }
          if item < 0 { return }
          taken.withLock { $0.append(item) }
        }
      }
    }
    for item in 0..<1000 { queue.withLock { $0.append(item) } }
    queue.withLock { $0 += [-1, -1] }
    let all = try #require(
      taken.wait(for: { $0.count == 1000 ? $0 : nil }, seconds: 10 * Self.scale))
    #expect(all.sorted() == Array(0..<1000))
  }
}
