import Parallel

/// Message bodies handed from the thread that reads the stream to the one
/// that handles them, in order. The handling thread sleeps while none
/// waits (a `Condition`).
public final class MessageQueue: Sendable {
  /// What the reading thread hands over.
  public enum Item: Sendable {
    case body([UInt8])
    /// A message that could not be read, answered with this error in its
    /// turn (a line past the limit).
    case refused(ResponseError)
    /// The stream ended (nil) or could not be read further.
    case end(FramingError?)
  }

  public init() {}

  private let items = Condition<[Item]>([])

  public func put(_ item: Item) {
    items.withLock { $0.append(item) }
  }

  /// The next item, waiting for one.
  public func take() -> Item {
    items.wait { $0.isEmpty ? nil : $0.removeFirst() }
  }

  /// True when nothing waits.
  public var isEmpty: Bool { items.read { $0.isEmpty } }
}
