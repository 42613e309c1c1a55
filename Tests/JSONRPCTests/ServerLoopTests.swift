import Dispatch
import JSON
import JSONRPC
import Parallel
import Testing

/// One `ServerLoop` serving both framings: a message that cannot be read
/// is answered with an error and the next one is answered; a request
/// cancelled while the answering thread works on it is seen cancelled at
/// once, the reading thread having marked it.
@Suite struct ServerLoopTests {
  /// A handler answering `echo` with its params, and `wait` once its
  /// request is cancelled (with `RequestCancelled`), or after ten seconds
  /// with `"not cancelled"`; `exit` ends the server with 0.
  struct Echo: MessageHandler {
    let loop: ServerLoop

    func receive(_ body: [UInt8]) -> Int32? {
      let message: Message
      do {
        message = try Message.parse(body)
      } catch {
        loop.outgoing.reply(to: .null, error: error)
        return nil
      }
      switch message {
      case .request(let id, "echo", let params):
        loop.outgoing.reply(to: id, result: params)
      case .request(let id, "wait", _):
        let deadline = DispatchTime.now() + .seconds(10)
        while !loop.cancellations.contains(id) && DispatchTime.now() < deadline {
          _ = DispatchSemaphore(value: 0).wait(timeout: .now() + .milliseconds(5))
        }
        if loop.cancellations.take(id) {
          loop.outgoing.reply(to: id, error: .requestCancelled)
        } else {
          loop.outgoing.reply(to: id, result: "not cancelled")
        }
      case .request(let id, let method, _):
        loop.outgoing.reply(to: id, error: .methodNotFound(method))
      case .notification("exit", _):
        return 0
      default:
        break
      }
      return nil
    }

    func ended(_ error: FramingError?) -> Int32 { error == nil ? 3 : 4 }
  }

  /// The loop in `framing` run on `pieces`, read one after another: its
  /// exit status and the messages it wrote.
  static func serve(_ framing: Framing, _ pieces: [[UInt8]]) -> (Int32, [JSONValue]) {
    let written = Lock<[JSONValue]>([])
    let cancel: Cancellations.Notice = framing == .lines ? .modelContext : .languageServer
    let loop = ServerLoop(
      framing: framing, cancelledBy: cancel,
      outgoing: Outgoing { body in
        let value = (try? JSONParser.parse(body)) ?? .string("unreadable")
        written.withLock { $0.append(value) }
      }, answering: "test.loop")
    let stream = Lock(pieces)
    let status = loop.run(Echo(loop: loop)) {
      // A pause between pieces: the cancellation comes while `wait` runs.
      _ = DispatchSemaphore(value: 0).wait(timeout: .now() + .milliseconds(50))
      return stream.withLock { $0.isEmpty ? [] : $0.removeFirst() }
    }
    return (status, written.withLock { $0 })
  }

  static func request(_ id: Int, _ method: String) -> String {
    #"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":{"n":\#(id)}}"#
  }

  /// What came back, in order: each reply's id and its result's `n` or its
  /// error's code.
  static func summary(_ written: [JSONValue]) -> [String] {
    written.map { reply in
      let id = reply["id"]?.text ?? "none"
      if let code = reply["error"]?["code"]?.int { return "\(id): error \(code)" }
      return "\(id): " + (reply["result"]?["n"]?.text ?? reply["result"]?.text ?? "nothing")
    }
  }

  @Test func contentLengthFramesAreServedAndABadBodyIsAnswered() {
    let frame = { (text: String) in Framing.contentLength.frame(Array(text.utf8)) }
    let (status, written) = Self.serve(
      .contentLength,
      [
        frame(Self.request(1, "echo")) + frame("{not json") + frame(Self.request(2, "wait")),
        frame(#"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":2}}"#),
        frame(Self.request(3, "echo")) + frame(#"{"jsonrpc":"2.0","method":"exit"}"#),
      ])
    #expect(status == 0)
    #expect(Self.summary(written) == ["1: 1", "null: error -32700", "2: error -32800", "3: 3"])
  }

  @Test func headersThatAreNotTheProtocolsEndTheStreamAfterWhatCameBefore() {
    let (status, written) = Self.serve(
      .contentLength,
      [Framing.contentLength.frame(Array(Self.request(1, "echo").utf8)) + Array("nonsense\r\n\r\n".utf8)])
    #expect(status == 4)
    #expect(Self.summary(written) == ["1: 1"])
  }

  @Test func linesAreServedAndALinePastTheLimitAndABadLineAreAnswered() {
    let line = { (text: String) in Framing.lines.frame(Array(text.utf8)) }
    let long = [UInt8](repeating: 0x61, count: LineFramer.maxLine + 1) + [0x0A]
    let (status, written) = Self.serve(
      .lines,
      [
        line(Self.request(1, "echo")) + long + line("{not json") + line("  \r")
          + line(Self.request(2, "wait")),
        line(#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":2}}"#),
        line(Self.request(3, "echo")) + Array(Self.request(4, "echo").utf8),
      ])
    // The end of the input ends it, the last line (without its `\n`) answered.
    #expect(status == 3)
    #expect(
      Self.summary(written) == [
        "1: 1", "null: error -32600", "null: error -32700", "2: error -32800", "3: 3", "4: 4",
      ])
    let refusal = written.dropFirst().first?["error"]?["message"]?.string ?? ""
    #expect(refusal.contains("a message of 16777217 bytes, past the limit of 16777216 bytes"))
  }
}
