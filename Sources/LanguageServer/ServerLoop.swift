import JSON
import JSONRPC
import Parallel
import Workspace

/// The server on a stream, on `JSONRPC`'s `ServerLoop`: one thread reads
/// and frames messages (marks cancelled requests at once, and watches
/// `shutdown`: `ShutdownWatch`), another handles them, a third answers
/// the requests the method table registers aside (those that read links),
/// one at a time, and a fourth publishes diagnostics once the messages
/// pause (`DiagnosticsLull`): symbols never wait for a document's links
/// to be found or checked. The caller's thread waits for the end. Every
/// thread is `Parallel`'s.
extension LanguageServer {
  /// Reads messages with `read` (which returns the next bytes of the
  /// stream, none at its end or on an error) until `exit`; returns the
  /// exit status: 0 after `shutdown`, 1 when `exit` came without it, the
  /// stream ended, or it broke the framing.
  public func run(read: @escaping @Sendable () -> [UInt8]) -> Int32 {
    loop.run(
      StreamHandler(
        server: self, lull: DiagnosticsLull(server: self),
        aside: Worker(label: "isle.aside", niced: true)),
      read: read)
  }

  /// The loop's handler: `shutdown` watched as it is read, each message
  /// handled in turn, diagnostics published once the messages pause.
  private struct StreamHandler: MessageHandler {
    let server: LanguageServer
    let lull: DiagnosticsLull
    let aside: Worker

    /// `shutdown` watched, and the `exit` after a `shutdown` the watch
    /// answered ends the server at once.
    func arrived(_ body: [UInt8]) -> Int32? {
      switch ShutdownWatch.lifecycle(body) {
      case ("shutdown", let id)?:
        server.shutdownWatch.arrived(id) { [server] id in
          server.state.withLock { $0.phase = .shutDown }
          server.reply(to: id, result: JSONValue.null)
        }
      case ("exit", _)? where server.shutdownWatch.answeredEarly:
        return 0
      default:
        break
      }
      return nil
    }

    func receive(_ body: [UInt8]) -> Int32? {
      lull.busy()
      return server.receive(body, aside: aside)
    }

    func idle() { lull.idle() }

    func ended(_ error: FramingError?) -> Int32 {
      if let error { server.log("the message stream broke: \(error.problem)", .error) }
      return 1
    }
  }
}

/// Diagnostics published on a thread of their own once the messages
/// pause: a document's diagnostics need its links, found in one parse of
/// the whole and checked against every heading (a second or more for a
/// large document with thousands of links), while its symbols come from
/// the pieces an edit touched. Requests go on meanwhile; diagnostics found
/// for a version the editor has since changed are dropped, and the new
/// version's are found after the next pause.
final class DiagnosticsLull: Sendable {
  /// How long the messages must pause, in seconds: a burst of keystrokes
  /// is checked once.
  static let pause = 0.1
  /// How long diagnostics wait at most for a pause: a client that never
  /// stops asking (a status line polling) still gets them.
  static let longest = 1.0

  private struct State: Sendable {
    /// True once the messages waiting were handled, until the thread
    /// that publishes has seen it.
    var idled = false
    /// When the last message was handled; nil while one is.
    var lastMessage: ContinuousClock.Instant? = nil
  }

  /// What the thread that publishes sleeps on.
  private let state = Condition(State())

  /// The thread that publishes, niced: its one piece of work never ends.
  private let thread = Worker(label: "isle.diagnostics", niced: true)

  init(server: LanguageServer) {
    thread.async { [self] in
      while true {
        state.wait(for: Self.takeIdle)
        // Until the messages have paused long enough, or for the longest.
        let deadline = ContinuousClock.now + .seconds(Self.longest)
        while ContinuousClock.now < deadline {
          let quietUntil = state.read { $0.lastMessage.map { $0 + .seconds(Self.pause) } }
          if let quietUntil, ContinuousClock.now >= quietUntil { break }
          let until = min(quietUntil ?? ContinuousClock.now + .seconds(Self.pause), deadline)
          _ = state.wait(for: Self.takeIdle, seconds: Self.seconds(until - .now))
        }
        server.settle()
      }
    }
  }

  /// A message is being handled.
  func busy() {
    state.withLock { $0.lastMessage = nil }
  }

  /// The messages waiting are handled: diagnostics may be published once
  /// no other comes for a while.
  func idle() {
    state.withLock { state in
      state.lastMessage = .now
      state.idled = true
    }
  }

  /// Takes the note that the messages were handled, once there is one.
  private static func takeIdle(_ state: inout State) -> Void? {
    guard state.idled else { return nil }
    state.idled = false
    return ()
  }

  private static func seconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) + Double(attoseconds) / 1e18
  }
}
