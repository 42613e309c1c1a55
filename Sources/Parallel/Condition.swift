#if canImport(Glibc)
  import Glibc
#endif

/// A value behind a lock that threads wait on until it is as they need:
/// the one way isle waits for another thread. A waiter sleeps until the
/// value changes (no timer, no polling), then looks again; every change
/// wakes the threads waiting.
///
/// A pthread mutex and condition variable, which ThreadSanitizer sees
/// for itself (`Lock`'s mutex it must be told of). The value is only
/// touched with the mutex held, which is why the class may vouch for its
/// own sendability.
public final class Condition<Value: Sendable>: @unchecked Sendable {
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
  private var value: Value
  /// How many threads wait: a change with none waiting wakes no one.
  private var waiters = 0

  /// A condition holding `value`.
  public init(_ value: Value) {
    self.value = value
    pthread_mutex_init(mutex, nil)
    // Deadlines on the monotonic clock: a change of the time of day
    // moves none.
    var attributes = pthread_condattr_t()
    pthread_condattr_init(&attributes)
    pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
    pthread_cond_init(changed, &attributes)
    pthread_condattr_destroy(&attributes)
  }

  deinit {
    pthread_cond_destroy(changed)
    pthread_mutex_destroy(mutex)
    changed.deallocate()
    mutex.deallocate()
  }

  /// Runs `body` with the value, no other thread holding it meanwhile,
  /// then wakes the threads waiting to look at it again.
  public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    pthread_mutex_lock(mutex)
    defer {
      wakeWaiters()
      pthread_mutex_unlock(mutex)
    }
    return try body(&value)
  }

  /// Runs `body` with the value, as `withLock` does, and wakes the threads
  /// waiting only when `body` says its change is one they wait for: a
  /// change no waiter needs costs no thread a wake and a sleep.
  public func change<Result>(_ body: (inout Value) throws -> (Result, wakes: Bool)) rethrows
    -> Result
  {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    let (result, wakes) = try body(&value)
    if wakes { wakeWaiters() }
    return result
  }

  /// What `body` reads of the value, no other thread changing it
  /// meanwhile; no one is woken.
  public func read<Result>(_ body: (Value) throws -> Result) rethrows -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(value)
  }

  /// Waits until `body` gives a result, and returns it. `body` runs with
  /// the value locked, at once and again after each change; what it
  /// changes in giving its result wakes the others waiting.
  public func wait<Result>(for body: (inout Value) throws -> Result?) rethrows -> Result {
    try waiting(for: body, until: nil)!
  }

  /// `wait(for:)`, for `seconds` at most: nil when `body` has given no
  /// result by then.
  public func wait<Result>(for body: (inout Value) throws -> Result?, seconds: Double) rethrows
    -> Result?
  {
    let seconds = min(max(seconds, 0), 1e9)
    var deadline = timespec()
    clock_gettime(CLOCK_MONOTONIC, &deadline)
    let nanoseconds = deadline.tv_nsec + Int(seconds.truncatingRemainder(dividingBy: 1) * 1e9)
    deadline.tv_sec += Int(seconds) + nanoseconds / 1_000_000_000
    deadline.tv_nsec = nanoseconds % 1_000_000_000
    return try waiting(for: body, until: deadline)
  }

  private func waiting<Result>(for body: (inout Value) throws -> Result?, until deadline: timespec?)
    rethrows -> Result?
  {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    var late = false
    while true {
      if let result = try body(&value) {
        wakeWaiters()
        return result
      }
      if late { return nil }
      waiters += 1
      if var deadline {
        late = pthread_cond_timedwait(changed, mutex, &deadline) == ETIMEDOUT
      } else {
        pthread_cond_wait(changed, mutex)
      }
      waiters -= 1
    }
  }

  /// Wakes the threads waiting, the value as it was: for a waiter that
  /// also looks at something kept elsewhere (a request cancelled), once
  /// that has changed.
  public func wake() {
    pthread_mutex_lock(mutex)
    wakeWaiters()
    pthread_mutex_unlock(mutex)
  }

  /// With the mutex held.
  private func wakeWaiters() {
    if waiters > 0 { pthread_cond_broadcast(changed) }
  }
}
