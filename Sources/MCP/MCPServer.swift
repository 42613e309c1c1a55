import JSON
import LanguageServer

/// `isle mcp`'s server: JSON-RPC 2.0 messages, one a line, on standard
/// input and output (the protocol's stdio transport), answered in order.
/// It negotiates the revision, lists the tools and calls them; the
/// tools themselves are `ToolBox`'s. Nothing ends it but the end of its
/// input.
public final class MCPServer {
  private let tools: ToolBox
  private let version: String
  private let send: ([UInt8]) -> Void
  /// The revision `initialize` settled; nil before it.
  private var negotiated: String? = nil
  /// True when the client said it has roots to list.
  private var clientHasRoots = false
  /// The id of the `roots/list` request waiting for its answer.
  private var rootsRequest: Int? = nil
  private var requestsSent = 0

  /// A server calling `tools`, naming itself with `version`, writing each
  /// message's bytes (a line) with `send`.
  public init(tools: ToolBox, version: String, send: @escaping ([UInt8]) -> Void) {
    self.tools = tools
    self.version = version
    self.send = send
  }

  /// Reads messages with `read` (the next bytes of the input, none at its
  /// end or on an error) until the input ends, answering each.
  public func run(read: () -> [UInt8]) {
    var pending: [UInt8] = []
    while true {
      let bytes = read()
      if bytes.isEmpty { break }
      pending.append(contentsOf: bytes)
      var start = 0
      while let newline = pending[start...].firstIndex(of: 0x0A) {
        receive(Array(pending[start..<newline]))
        start = newline + 1
      }
      pending.removeFirst(start)
    }
    if !pending.isEmpty { receive(pending) }
  }

  /// Answers one line: a request gets its reply, a notification none.
  public func receive(_ line: [UInt8]) {
    var body = line
    while let last = body.last, last == 0x0D || last == 0x20 || last == 0x09 { body.removeLast() }
    guard !body.isEmpty else { return }
    let message: Message
    do {
      message = try Message.read(body)
    } catch {
      reply(id: .null, error: error)
      return
    }
    switch message {
    case .request(let id, let method, let params):
      do {
        reply(id: id, result: try answer(method, params))
      } catch {
        reply(id: id, error: error)
      }
    case .notification(let method, _):
      if method == "notifications/initialized" || method == "notifications/roots/list_changed" {
        askForRoots()
      }
    case .response(let id):
      guard let asked = rootsRequest, id.int == asked else { return }
      rootsRequest = nil
      let value = try? JSONReader.read(body)
      let uris = value?["result"]?["roots"]?.array?.compactMap { $0["uri"]?.string } ?? []
      if value?["result"] != nil { tools.adopt(roots: uris) }
    }
  }

  /// The result of request `method`, at the revision it names or the
  /// one negotiated.
  private func answer(_ method: String, _ params: JSONValue) throws(ResponseError) -> JSONValue {
    let named = params["_meta"]?[ProtocolRevision.metaKey]?.string
    if let named,
      !ProtocolRevision.all.contains(named)
        || method == "server/discover"
          && !ProtocolRevision.stateless.contains(named)
    {
      throw unsupported(named)
    }
    let stateless = named.map { ProtocolRevision.stateless.contains($0) } ?? false
    let revision = named ?? negotiated ?? ProtocolRevision.handshake.last!
    var result: [String: JSONValue]
    switch method {
    case "initialize":
      let asked = params["protocolVersion"]?.string
      let settled = ProtocolRevision.answer(toInitialize: asked)
      negotiated = settled
      clientHasRoots = params["capabilities"]?["roots"] != nil
      result = [
        "protocolVersion": .string(settled), "capabilities": capabilities,
        "serverInfo": serverInfo, "instructions": .string(ToolCatalog.instructions),
      ]
    case "server/discover":
      guard named != nil else { throw unsupported("none") }
      result = [
        "supportedVersions": .array(ProtocolRevision.all.map(JSONValue.string)),
        "capabilities": capabilities, "instructions": .string(ToolCatalog.instructions),
        "_meta": .object([ProtocolRevision.serverInfoKey: serverInfo]),
        "ttlMs": .int(0), "cacheScope": .string("private"),
      ]
    case "ping":
      result = [:]
    case "tools/list":
      result = ["tools": ToolCatalog.list(revision: revision)]
      if stateless { result.merge(["ttlMs": .int(0), "cacheScope": .string("private")]) { $1 } }
    case "tools/call":
      guard let name = params["name"]?.string else {
        throw .invalidParams("tools/call needs the tool's 'name', a string")
      }
      let arguments = params["arguments"] ?? .object([:])
      guard case .object = arguments else {
        throw .invalidParams("a tool's 'arguments' must be an object")
      }
      result = try tools.call(
        name, arguments, structured: ProtocolRevision.hasStructuredResults(revision))
    default:
      throw .methodNotFound(method)
    }
    if stateless { result["resultType"] = .string("complete") }
    return .object(result)
  }

  private var capabilities: JSONValue { .object(["tools": .object(["listChanged": .bool(false)])]) }
  private var serverInfo: JSONValue {
    .object(["name": .string("isle"), "version": .string(version)])
  }

  private func unsupported(_ asked: String) -> ResponseError {
    ResponseError(
      code: ProtocolRevision.unsupportedCode,
      message: "isle does not speak protocol revision '\(asked)'; it speaks "
        + ProtocolRevision.all.joined(separator: ", "))
  }

  /// Asks a client that has roots for them: paths are then resolved
  /// against those folders.
  private func askForRoots() {
    guard clientHasRoots else { return }
    requestsSent += 1
    rootsRequest = requestsSent
    write(
      .object([
        "jsonrpc": .string("2.0"), "id": .int(requestsSent), "method": .string("roots/list"),
      ]))
  }

  private func reply(id: JSONValue, result: JSONValue) {
    write(.object(["jsonrpc": .string("2.0"), "id": id, "result": result]))
  }

  private func reply(id: JSONValue, error: ResponseError) {
    var members: [String: JSONValue] = [
      "code": .int(error.code), "message": .string(error.message),
    ]
    if error.code == ProtocolRevision.unsupportedCode {
      members["data"] = .object([
        "supported": .array(ProtocolRevision.all.map(JSONValue.string)),
        "requested": .string(String(error.message.split(separator: "'")[1])),
      ])
    }
    write(.object(["jsonrpc": .string("2.0"), "id": id, "error": .object(members)]))
  }

  private func write(_ message: JSONValue) {
    send(Array((message.text + "\n").utf8))
  }
}
