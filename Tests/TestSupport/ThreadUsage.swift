#if canImport(Glibc)
  import Glibc
#endif

/// What the calling thread has cost so far: the times it gave up the
/// processor to wait (voluntary context switches) and its CPU time. A
/// thread that waits until it is woken gives it up once; one that polls,
/// once a poll.
public struct ThreadUsage: Sendable {
  public var switches: Int
  public var seconds: Double

  /// The calling thread's.
  public static func now() -> ThreadUsage {
    var usage = rusage()
    // RUSAGE_THREAD (1): Glibc leaves it out of the module without _GNU_SOURCE.
    getrusage(__rusage_who_t(1), &usage)
    let time = { (value: timeval) in Double(value.tv_sec) + Double(value.tv_usec) / 1e6 }
    return ThreadUsage(
      switches: usage.ru_nvcsw, seconds: time(usage.ru_utime) + time(usage.ru_stime))
  }

  /// What was spent since `earlier`.
  public func since(_ earlier: ThreadUsage) -> ThreadUsage {
    ThreadUsage(switches: switches - earlier.switches, seconds: seconds - earlier.seconds)
  }

  /// Seconds on the monotonic clock.
  public static func clock() -> Double { Spawn.now() }
}
