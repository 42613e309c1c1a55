import Dispatch

/// Work started off the caller's thread, at once: reading a stream that
/// blocks, indexing a workspace while requests are answered.
public enum Background {
  /// Runs `body` on a queue of its own named `label`, which has a thread
  /// at once: the shared queues' threads may all be busy (or blocked)
  /// elsewhere.
  public static func run(_ label: String, _ body: @escaping @Sendable () -> Void) {
    DispatchQueue(label: label).async(execute: body)
  }
}
