import Dispatch
import JSON
import JSONRPC
import Parallel
import Workspace

/// The server on a stream: one thread reads and frames messages (marks
/// cancelled requests at once, and watches `shutdown`: `ShutdownWatch`),
/// another handles them, a third answers the requests the method table
/// registers aside (those that read links), one at a time, and a fourth
/// publishes diagnostics once the messages pause (`DiagnosticsLull`):
/// symbols never wait for a document's links to be found or checked. The
/// caller's thread waits for the end. Every thread is `Parallel`'s.
extension LanguageServer {
  /// Reads messages with `read` (which returns the next bytes of the
  /// stream, none at its end or on an error) until `exit`; returns the
  /// exit status: 0 after `shutdown`, 1 when `exit` came without it, the
  /// stream ended, or it broke the framing.
  public func run(read: @escaping @Sendable () -> [UInt8]) -> Int32 {
    let queue = MessageQueue()
    let ended = Lock<Int32?>(nil)
    let end = DispatchSemaphore(value: 0)
    @Sendable func finish(_ status: Int32) {
      if ended.withLock({ ended in
        defer { ended = ended ?? status }
        return ended == nil
      }) {
        end.signal()
      }
    }
    // Reading blocks: a queue of its own.
    Worker.run("isle.reader") { [self] in
      var framer = MessageFramer()
      while true {
        let bytes = read()
        guard !bytes.isEmpty else { return queue.put(.end(nil)) }
        framer.append(bytes)
        do throws(FramingError) {
          while let body = try framer.next() {
            if let id = Self.cancelledID(body) { cancel(id) } else { arrived(body, queue, finish) }
          }
        } catch {
          return queue.put(.end(error))
        }
      }
    }
    Worker.run("isle.messages") { [self] in
      let lull = DiagnosticsLull(server: self)
      let aside = Worker(label: "isle.aside", niced: true)
      while true {
        switch queue.take() {
        case .body(let body):
          lull.busy()
          if let status = receive(body, aside: aside) { return finish(status) }
          if queue.isEmpty { lull.idle() }
        case .end(let error):
          if let error { log("the message stream broke: \(error.problem)", .error) }
          return finish(1)
        }
      }
    }
    end.wait()
    return ended.withLock { $0 ?? 1 }
  }

  /// A message read, handed on in its turn; `shutdown` watched, and the
  /// `exit` after a `shutdown` the watch answered ends the server at once.
  private func arrived(
    _ body: [UInt8], _ queue: MessageQueue, _ finish: @Sendable (Int32) -> Void
  ) {
    switch ShutdownWatch.lifecycle(body) {
    case ("shutdown", let id)?:
      shutdownWatch.arrived(id) { [self] id in
        state.withLock { $0.phase = .shutDown }
        reply(to: id, result: .null)
      }
    case ("exit", _)? where shutdownWatch.answeredEarly:
      return finish(0)
    default:
      break
    }
    queue.put(.body(body))
  }

  /// The id a `$/cancelRequest` body cancels; nil for any other message.
  static func cancelledID(_ body: [UInt8]) -> JSONValue? {
    // A cancellation is a few dozen bytes: a document is not read twice.
    guard body.count < 1024 else { return nil }
    guard case .notification("$/cancelRequest", let params)? = try? Message.parse(body) else {
      return nil
    }
    return params["id"]
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
  /// How long the messages must pause: a burst of keystrokes is checked
  /// once.
  static let pause = DispatchTimeInterval.milliseconds(100)
  /// How long diagnostics wait at most for a pause: a client that never
  /// stops asking (a status line polling) still gets them.
  static let longest = DispatchTimeInterval.seconds(1)

  private let wake = DispatchSemaphore(value: 0)
  /// When the last message was handled; nil while one is.
  private let lastMessage = Lock<DispatchTime?>(nil)

  /// The thread that publishes, niced: its one piece of work never ends.
  private let thread = Worker(label: "isle.diagnostics", niced: true)

  init(server: LanguageServer) {
    thread.async { [self] in
      while true {
        wake.wait()
        while wake.wait(timeout: .now()) == .success {}
        // Until the messages have paused long enough, or for the longest.
        let deadline = DispatchTime.now() + Self.longest
        while DispatchTime.now() < deadline {
          let last = lastMessage.withLock { $0 }
          guard let last else {
            _ = wake.wait(timeout: min(.now() + Self.pause, deadline))
            continue
          }
          let quietUntil = last + Self.pause
          if DispatchTime.now() >= quietUntil { break }
          _ = wake.wait(timeout: min(quietUntil, deadline))
        }
        server.settle()
      }
    }
  }

  /// A message is being handled.
  func busy() {
    lastMessage.withLock { $0 = nil }
  }

  /// The messages waiting are handled: diagnostics may be published once
  /// no other comes for a while.
  func idle() {
    lastMessage.withLock { $0 = .now() }
    wake.signal()
  }
}
