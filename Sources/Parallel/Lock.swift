import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A value behind a `Synchronization.Mutex`: the one lock isle uses.
///
/// ThreadSanitizer cannot see the mutex's own locking (it lives in the
/// standard library, built without the sanitizer, and waits in futex
/// calls), so it took every value a mutex guards for a race. When the
/// sanitizer's runtime is in the process, the lock tells it what the mutex
/// orders, through its annotation calls; otherwise that costs one check.
public final class Lock<Value>: Sendable {
  private let mutex: Mutex<Value>

  /// A lock guarding `value`.
  public init(_ value: sending Value) {
    mutex = Mutex(value)
  }

  /// Runs `body` with the value, no other thread holding it meanwhile.
  public func withLock<Result>(_ body: (inout sending Value) throws -> sending Result) rethrows
    -> sending Result
  {
    try mutex.withLock { value throws -> sending Result in
      let address = UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque())
      SanitizerAnnotations.acquire?(address)
      defer { SanitizerAnnotations.release?(address) }
      return try body(&value)
    }
  }
}

/// ThreadSanitizer's annotation calls, when its runtime is present.
private enum SanitizerAnnotations {
  typealias Annotation = @convention(c) (UnsafeRawPointer) -> Void
  static let acquire = lookUp("__tsan_acquire")
  static let release = lookUp("__tsan_release")

  private static func lookUp(_ name: String) -> Annotation? {
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }
    return unsafeBitCast(symbol, to: Annotation.self)
  }
}
