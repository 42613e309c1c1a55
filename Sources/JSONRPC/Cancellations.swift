import JSON
import Parallel

/// The requests a client cancelled, marked by the reading thread as the
/// cancellation arrives (it is never queued behind the work it stops) and
/// looked up by whoever answers: `$/cancelRequest` for a language
/// server's client, `notifications/cancelled` for an agent's.
public final class Cancellations: Sendable {
  /// The notification that cancels, and its member naming the request.
  public struct Notice: Sendable {
    public var method: String
    public var member: String

    /// The Language Server Protocol's `$/cancelRequest` with its `id`.
    public static let languageServer = Notice(method: "$/cancelRequest", member: "id")
    /// The Model Context Protocol's `notifications/cancelled` with its
    /// `requestId`.
    public static let modelContext = Notice(
      method: "notifications/cancelled", member: "requestId")
  }

  public let notice: Notice
  /// The ids, as JSON text.
  private let ids = Lock<Set<String>>([])
  /// Called after a request is marked: what waits (for a workspace's
  /// index) is woken to look whether it is cancelled.
  private let onMark: @Sendable () -> Void

  /// Cancellations by `notice`, `onMark` called after each is marked.
  public init(_ notice: Notice, onMark: @escaping @Sendable () -> Void = {}) {
    self.notice = notice
    self.onMark = onMark
  }

  /// Marks request `id` cancelled.
  public func mark(_ id: JSONValue) {
    _ = ids.withLock { $0.insert(id.text) }
    onMark()
  }

  /// True when request `id` is marked.
  public func contains(_ id: JSONValue) -> Bool {
    ids.withLock { $0.contains(id.text) }
  }

  /// True when request `id` was marked, which it no longer is.
  public func take(_ id: JSONValue) -> Bool {
    ids.withLock { $0.remove(id.text) != nil }
  }

  /// The id a cancellation body names (a number or a string); nil for
  /// any other message. Only a body holding the notice's method name is
  /// parsed: a document is not read twice.
  public func cancelled(by body: [UInt8]) -> JSONValue? {
    guard Self.holds(body, Array(notice.method.utf8)), case .notification(let method, let params)? = try? Message.parse(body),
      method == notice.method, let id = params[notice.member], id.string != nil || id.int != nil
    else { return nil }
    return id
  }

  /// True when `bytes` hold `name` somewhere.
  private static func holds(_ bytes: [UInt8], _ name: [UInt8]) -> Bool {
    guard let first = name.first, bytes.count >= name.count else { return false }
    var index = 0
    let last = bytes.count - name.count
    while index <= last {
      guard let at = bytes[index...last].firstIndex(of: first) else { return false }
      if bytes[at..<(at + name.count)].elementsEqual(name) { return true }
      index = at + 1
    }
    return false
  }
}
