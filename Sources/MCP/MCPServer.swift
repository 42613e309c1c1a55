import JSON
import JSONRPC
import Parallel

/// `isle mcp`'s server: JSON-RPC 2.0 messages, one a line, on standard
/// input and output (the protocol's stdio transport), run by `JSONRPC`'s
/// `ServerLoop`: its reading thread marks the client's
/// `notifications/cancelled` at once, its answering thread (niced)
/// answers the messages in order, so a request the client cancels while
/// it is worked on is never answered. Nothing ends it but the end of its
/// input. What it answers is `MCPSession`'s.
///
/// The session is the answering thread's alone: it is behind a lock that
/// no other thread takes.
public final class MCPServer: Sendable {
  private let loop: ServerLoop
  private let session: Lock<MCPSession>
  private let watch: ResourceWatch

  /// A server calling `tools`, naming itself with `version`, writing each
  /// message's bytes (a line) with `send`.
  public init(
    tools: sending ToolBox, version: String, send: @escaping @Sendable ([UInt8]) -> Void
  ) {
    let outgoing = Outgoing { send(Framing.lines.frame($0)) }
    let loop = ServerLoop(
      framing: .lines, cancelledBy: .modelContext, outgoing: outgoing, answering: "isle-mcp",
      niced: true)
    let watch = ResourceWatch { method, uri in
      outgoing.notify(method, JSONValue.object(uri.map { ["uri": .string($0)] } ?? [:]))
    }
    self.loop = loop
    self.watch = watch
    session = Lock(
      MCPSession(
        tools: tools, version: version, outgoing: outgoing, cancellations: loop.cancellations,
        watch: watch))
  }

  /// Reads messages with `read` (the next bytes of the input, none at its
  /// end or on an error) until the input ends, answering each; returns
  /// once every message read is answered. A line past `LineFramer.maxLine`
  /// is answered with an error, and the lines after it are read.
  public func run(read: @escaping @Sendable () -> [UInt8]) {
    _ = loop.run(Answering(server: self), read: read)
  }

  /// Answers one message: a request gets its reply, a notification none.
  public func receive(_ body: [UInt8]) {
    session.withLock { $0.receive(body) }
  }

  /// The loop's handler: each message answered by the session, the watch
  /// stopped at the end of the input.
  private struct Answering: MessageHandler {
    let server: MCPServer

    func receive(_ body: [UInt8]) -> Int32? {
      server.receive(body)
      return nil
    }

    func ended(_ error: FramingError?) -> Int32 {
      server.watch.stop()
      return 0
    }
  }
}
