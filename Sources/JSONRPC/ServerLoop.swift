import JSON
import Parallel

/// What a server does with the messages its loop reads. The reading
/// thread calls `arrived` as each body comes (a cancellation is marked
/// before, and never handed on); the answering thread calls `receive` for
/// each body queued, in order, and `idle` when no other waits.
public protocol MessageHandler: Sendable {
  /// A body read, on the reading thread: queued for the answering thread
  /// (nil), or the status the server ends with at once.
  func arrived(_ body: [UInt8]) -> Int32?
  /// Handles one body, on the answering thread: the status the server
  /// ends with, or nil to read on.
  func receive(_ body: [UInt8]) -> Int32?
  /// Every message read so far is handled.
  func idle()
  /// The stream ended (`error` nil) or broke: the status the server ends
  /// with.
  func ended(_ error: FramingError?) -> Int32
}

extension MessageHandler {
  public func arrived(_ body: [UInt8]) -> Int32? { nil }
  public func idle() {}
}

/// The one server loop both servers run on a stream:
///
///     read() ─► reading thread ─► MessageQueue ─► answering thread ─► handler's table
///                 (frames, marks cancellations)        (in order)           │
///                                                                 Outgoing ◄┘ (replies, one writer)
///
/// The reading thread cuts the stream in its framing, marks each
/// cancellation at once in `cancellations` (it never waits behind the
/// work it stops), and queues the rest, with the frames it could not read
/// (answered with an error in their turn, and the stream read on); the
/// answering thread hands each body to the handler in order. The caller's
/// thread waits for the end.
public final class ServerLoop: Sendable {
  public let framing: Framing
  public let cancellations: Cancellations
  /// Where the replies and notifications go.
  public let outgoing: Outgoing
  /// The answering thread's name, and whether it is niced (below the
  /// threads of a busy machine's other work).
  private let answering: (label: String, niced: Bool)

  /// A loop reading `framing`, cancelled by `notice` (`onCancel` called
  /// after each request is marked), writing to `outgoing`.
  public init(
    framing: Framing, cancelledBy notice: Cancellations.Notice, outgoing: Outgoing,
    answering label: String, niced: Bool = false, onCancel: @escaping @Sendable () -> Void = {}
  ) {
    self.framing = framing
    self.cancellations = Cancellations(notice, onMark: onCancel)
    self.outgoing = outgoing
    self.answering = (label, niced)
  }

  /// Reads messages with `read` (the next bytes of the stream, none at
  /// its end or on an error) and hands them to `handler` until it ends
  /// the server; returns the status it ends with.
  public func run(_ handler: some MessageHandler, read: @escaping @Sendable () -> [UInt8])
    -> Int32
  {
    let queue = MessageQueue()
    // The status the server ends with, which the caller's thread sleeps
    // on: the first given stands.
    let ended = Condition<Int32?>(nil)
    let finish: @Sendable (Int32) -> Void = { status in
      ended.withLock { ended in ended = ended ?? status }
    }
    // Reading blocks: a thread of its own.
    Worker.run(answering.label + ".reader") { [self] in
      self.read(read, into: queue, handler, finish)
    }
    let answer: @Sendable () -> Void = { [self] in
      while true {
        switch queue.take() {
        case .body(let body):
          if let status = handler.receive(body) { return finish(status) }
        case .refused(let error):
          outgoing.reply(to: .null, error: error)
        case .end(let error):
          return finish(handler.ended(error))
        }
        if queue.isEmpty { handler.idle() }
      }
    }
    Worker(label: answering.label, niced: answering.niced).async(answer)
    return ended.wait { $0 }
  }

  /// The reading thread: frames in, cancellations marked, the rest
  /// queued; the end queued last.
  private func read(
    _ read: () -> [UInt8], into queue: MessageQueue, _ handler: some MessageHandler,
    _ finish: @Sendable (Int32) -> Void
  ) {
    var reader = FrameReader(framing)
    func hand(_ frame: Frame) -> Bool {
      switch frame {
      case .body(let body):
        if let id = cancellations.cancelled(by: body) {
          cancellations.mark(id)
        } else if let status = handler.arrived(body) {
          finish(status)
          return false
        } else {
          queue.put(.body(body))
        }
      case .refused(let error):
        queue.put(.refused(error))
      case .broken(let error):
        queue.put(.end(error))
        return false
      }
      return true
    }
    while true {
      let bytes = read()
      guard !bytes.isEmpty else { break }
      reader.append(bytes)
      while let frame = reader.next() {
        guard hand(frame) else { return }
      }
    }
    if let last = reader.finish(), !hand(last) { return }
    queue.put(.end(nil))
  }
}
