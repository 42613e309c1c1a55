import Parallel

/// What a waiter on a thread of its own spent waiting, when it woke, and
/// what its wait returned.
public struct Woken: Sendable {
  public var usage: ThreadUsage
  public var at: Double
  public var result: Bool
}

/// Runs `wait` on a thread of its own; what it spent, when it was done
/// and what it returned, once it is.
public func waitingOnItsOwnThread(_ wait: @escaping @Sendable () -> Bool) -> Condition<Woken?> {
  let woken = Condition<Woken?>(nil)
  Worker.run("test.waiter") {
    let before = ThreadUsage.now()
    let result = wait()
    let usage = ThreadUsage.now().since(before)
    woken.withLock { $0 = Woken(usage: usage, at: ThreadUsage.clock(), result: result) }
  }
  return woken
}
