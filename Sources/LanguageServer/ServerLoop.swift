import Dispatch
import Parallel

#if canImport(Glibc)
  import Glibc
#endif

/// The server on a stream: one thread reads and frames messages (and
/// marks cancelled requests at once), the caller's thread handles them,
/// a second one answers the requests that read links
/// (`LanguageServer.answeredAside`), one at a time, and a third publishes
/// diagnostics once the messages pause (`DiagnosticsLull`): symbols never
/// wait for a document's links to be found or checked.
extension LanguageServer {
  /// Reads messages with `read` (which returns the next bytes of the
  /// stream, none at its end or on an error) until `exit`; returns the
  /// exit status: 0 after `shutdown`, 1 when `exit` came without it, the
  /// stream ended, or it broke the framing.
  public func run(read: @escaping @Sendable () -> [UInt8]) -> Int32 {
    let queue = MessageQueue()
    // Reading blocks: a queue of its own, not one of the shared threads.
    DispatchQueue(label: "isle.reader").async { [self] in
      var framer = MessageFramer()
      while true {
        let bytes = read()
        guard !bytes.isEmpty else { return queue.put(.end(nil)) }
        framer.append(bytes)
        do throws(FramingError) {
          while let body = try framer.next() {
            if let id = Self.cancelledID(body) { cancel(id) } else { queue.put(.body(body)) }
          }
        } catch {
          return queue.put(.end(error))
        }
      }
    }
    let lull = DiagnosticsLull(server: self)
    let aside = NicedThread(label: "isle.aside")
    while true {
      switch queue.take() {
      case .body(let body):
        lull.busy()
        if let status = receive(body, aside: aside) { return status }
        if queue.isEmpty { lull.idle() }
      case .end(let error):
        if let error { log("the message stream broke: \(error.problem)", .error) }
        return 1
      }
    }
  }

  /// The id a `$/cancelRequest` body cancels; nil for any other message.
  static func cancelledID(_ body: [UInt8]) -> JSONValue? {
    // A cancellation is a few dozen bytes: a document is not read twice.
    guard body.count < 1024 else { return nil }
    guard case .notification("$/cancelRequest", let params)? = try? Message.read(body) else {
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

  init(server: LanguageServer) {
    // A thread of its own, niced (see `NicedThread`).
    DispatchQueue(label: "isle.diagnostics").async { [self] in
      NicedThread.nice()
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

/// Work done one piece at a time, in order, on a thread of its own that
/// runs nothing else, niced: on a busy machine the thread that answers
/// the symbols has the cores first.
final class NicedThread: Sendable {
  private let work = Lock<[@Sendable () -> Void]>([])
  private let waiting = DispatchSemaphore(value: 0)

  init(label: String) {
    // A queue of its own, whose one block never ends: the thread it runs
    // on is this one's alone (a queue's blocks may otherwise move from
    // one of the shared threads to another, nice value and all).
    DispatchQueue(label: label).async { [self] in
      Self.nice()
      while true {
        waiting.wait()
        let next = work.withLock { $0.removeFirst() }
        next()
      }
    }
  }

  /// Runs `body` after the work given before it.
  func async(_ body: @escaping @Sendable () -> Void) {
    work.withLock { $0.append(body) }
    waiting.signal()
  }

  /// Waits until the work given so far is done.
  func drain() {
    let done = DispatchSemaphore(value: 0)
    async { done.signal() }
    done.wait()
  }

  /// Lowers the calling thread's priority (on Linux a thread's nice value
  /// is its own).
  static func nice() {
    _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
  }
}
