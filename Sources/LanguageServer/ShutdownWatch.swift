import JSON
import JSONRPC
import Parallel

/// `shutdown` answered within a second whatever the server is doing. It
/// is answered in its turn, after the requests before it, when they are
/// done within `patience` of its coming; past that (the symbols of a
/// document of a million headings, a rename across a large workspace),
/// the watch (a thread asleep until then) answers it itself, the work in flight is
/// cancelled at its next look, and the `exit` that follows ends the
/// server at once, without waiting for that work.
final class ShutdownWatch: Sendable {
  /// How long `shutdown` waits for the requests before it, in seconds.
  static let patience = 0.5

  private struct State: Sendable {
    /// The shutdown request's id, once it came.
    var asked: JSONValue? = nil
    /// True once it is answered, in its turn or by the watch.
    var answered = false
    /// True when the watch answered it.
    var early = false
  }

  /// What the watch's thread sleeps on until `shutdown` is answered in
  /// its turn or the patience runs out.
  private let state = Condition(State())
  /// Called once the watch has answered `shutdown` itself.
  private let onEarlyAnswer: @Sendable () -> Void

  /// A watch that calls `onEarlyAnswer` once it has answered `shutdown`
  /// itself (what is in flight is then cancelled).
  init(onEarlyAnswer: @escaping @Sendable () -> Void = {}) {
    self.onEarlyAnswer = onEarlyAnswer
  }

  /// True once the watch has answered `shutdown`: what is in flight is
  /// cancelled, and `exit` need not wait for it.
  var answeredEarly: Bool { state.read { $0.early } }

  /// True (once) when `shutdown` is to be answered now, in its turn;
  /// false when the watch answered it already.
  func claim() -> Bool {
    state.withLock { state in
      defer { state.answered = true }
      return !state.answered
    }
  }

  /// `shutdown` (request `id`) came: after `patience`, unless it was
  /// answered meanwhile, `answer` answers it.
  func arrived(_ id: JSONValue, answer: @escaping @Sendable (JSONValue) -> Void) {
    state.withLock { $0.asked = id }
    Worker.run("isle.shutdown") { [self] in
      _ = state.wait(for: { $0.answered ? () : nil }, seconds: Self.patience)
      let due = state.withLock { state -> Bool in
        guard !state.answered else { return false }
        state.answered = true
        state.early = true
        return true
      }
      if due {
        answer(id)
        onEarlyAnswer()
      }
    }
  }

  /// The id of a `shutdown` request body, or `.null` for an `exit`
  /// notification; nil for any other message. Read by the reading thread:
  /// only short bodies are parsed.
  static func lifecycle(_ body: [UInt8]) -> (method: String, id: JSONValue)? {
    guard body.count < 1024, let message = try? Message.parse(body) else { return nil }
    switch message {
    case .request(let id, "shutdown", _): return ("shutdown", id)
    case .notification("exit", _): return ("exit", .null)
    default: return nil
    }
  }
}
