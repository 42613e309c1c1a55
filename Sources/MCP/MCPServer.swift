import JSON
import JSONRPC
import LanguageServer
import Parallel
import Workspace

/// `isle mcp`'s server: JSON-RPC 2.0 messages, one a line, on standard
/// input and output (the protocol's stdio transport). One thread reads
/// the input and notes cancellations at once; another answers the
/// messages in order, so a request the client cancels while it is worked
/// on is never answered. It negotiates the revision, lists the tools and
/// calls them; the tools themselves are `ToolBox`'s. Nothing ends it but
/// the end of its input.
///
/// Its state is the answering thread's alone, but for the cancelled
/// requests' ids, which are behind a lock.
public final class MCPServer: @unchecked Sendable {
  private let tools: ToolBox
  private let version: String
  private let send: ([UInt8]) -> Void
  private let answering = Worker(label: "isle-mcp", niced: true)
  /// The ids (as JSON text) of requests the client cancelled.
  private let cancelled = Lock<Set<String>>([])
  /// The revision `initialize` settled; nil before it.
  private var negotiated: String? = nil
  /// True when the client said it has roots to list.
  private var clientHasRoots = false
  /// The id of the `roots/list` request waiting for its answer.
  private var rootsRequest: Int? = nil
  /// Tool calls waiting for that answer: paths are resolved against the
  /// roots it names.
  private var held: [(id: JSONValue, method: String, params: JSONValue)] = []
  /// The files of the resources subscribed to, and the documents listed.
  private var watch: ResourceWatch! = nil
  /// One message written at a time: the watch writes from its thread.
  private let writing = Lock(0)
  private var requestsSent = 0

  /// A server calling `tools`, naming itself with `version`, writing each
  /// message's bytes (a line) with `send`.
  public init(tools: ToolBox, version: String, send: @escaping ([UInt8]) -> Void) {
    self.tools = tools
    self.version = version
    self.send = send
    watch = ResourceWatch { [unowned self] method, uri in
      self.write(
        .object([
          "jsonrpc": .string("2.0"), "method": .string(method),
          "params": .object(uri.map { ["uri": JSONValue.string($0)] } ?? [:]),
        ]))
    }
  }

  /// Reads messages with `read` (the next bytes of the input, none at its
  /// end or on an error) until the input ends, answering each; returns
  /// once every message read is answered. A line past `LineFramer.maxLine`
  /// is answered with an error, and the lines after it are read.
  public func run(read: () -> [UInt8]) {
    var framer = LineFramer()
    while true {
      let bytes = read()
      if bytes.isEmpty { break }
      framer.append(bytes)
      while let line = framer.next() { arrived(line) }
    }
    if let last = framer.finish() { arrived(last) }
    answering.drain()
    watch.stop()
  }

  /// One line read, or one too long to keep.
  private func arrived(_ line: LineFramer.Line) {
    switch line {
    case .line(let bytes):
      arrived(bytes)
    case .tooLong(let count):
      answering.async {
        self.reply(
          id: .null,
          error: .invalidRequest(
            "a message of \(count) bytes, past the limit of \(LineFramer.maxLine) bytes a "
              + "line may hold: it was not read"))
      }
    }
  }

  /// One line read: a cancellation is noted at once, and every line is
  /// answered after those before it.
  private func arrived(_ line: [UInt8]) {
    if case .notification("notifications/cancelled", let params)? = try? Message.parse(line),
      let id = params["requestId"], id.string != nil || id.int != nil
    {
      cancelled.withLock { _ = $0.insert(id.text) }
    }
    answering.async { self.receive(line) }
  }

  /// Answers one line: a request gets its reply, a notification none.
  public func receive(_ line: [UInt8]) {
    var body = line
    while let last = body.last, last == 0x0D || last == 0x20 || last == 0x09 { body.removeLast() }
    guard !body.isEmpty else { return }
    let message: Message
    do {
      message = try Message.parse(body)
    } catch {
      reply(id: .null, error: error)
      return
    }
    switch message {
    case .request(let id, let method, let params):
      if (method == "tools/call" || method.hasPrefix("resources/")) && rootsRequest != nil {
        held.append((id, method, params))
      } else {
        request(id, method, params)
      }
    case .notification(let method, _):
      if method == "notifications/initialized" || method == "notifications/roots/list_changed" {
        askForRoots()
      }
    case .response(let id):
      guard let asked = rootsRequest, id.int == asked else { return }
      rootsRequest = nil
      let value = try? JSONParser.parse(body)
      let uris = value?["result"]?["roots"]?.array?.compactMap { $0["uri"]?.string } ?? []
      if value?["result"] != nil { tools.adopt(roots: uris) }
      let waiting = held
      held = []
      for call in waiting { request(call.id, call.method, call.params) }
    }
  }

  /// Answers request `id`, unless the client cancelled it before or
  /// while it was worked on (the specification's `notifications/cancelled`:
  /// no response is sent for it).
  private func request(_ id: JSONValue, _ method: String, _ params: JSONValue) {
    let key = id.text
    guard !isCancelled(key) else { return }
    if method == "tools/call", let token = params["_meta"]?["progressToken"],
      token.string != nil || token.int != nil
    {
      // The one progress the server knows: the call has started.
      write(
        .object([
          "jsonrpc": .string("2.0"), "method": .string("notifications/progress"),
          "params": .object(["progressToken": token, "progress": .int(0)]),
        ]))
    }
    do {
      let result = try answer(method, params)
      guard !isCancelled(key) || method == "initialize" else { return }
      reply(id: id, result: result)
    } catch {
      guard !isCancelled(key) else { return }
      reply(id: id, error: error)
    }
  }

  /// True (once) when the client cancelled request `key`.
  private func isCancelled(_ key: String) -> Bool {
    cancelled.withLock { $0.remove(key) != nil }
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
    if method == "initialize", let negotiated {
      throw .invalidRequest(
        "'initialize' was sent twice: the session is initialized already, at \(negotiated)")
    }
    if negotiated == nil && named == nil
      && !["initialize", "ping", "server/discover"].contains(method)
    {
      throw ResponseError(
        code: ResponseError.serverNotInitialized.code,
        message: "'\(method)' came before 'initialize': the session starts with 'initialize'")
    }
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
    case _ where method.hasPrefix("resources/"):
      result = try resources(method, params)
    default:
      throw .methodNotFound(method)
    }
    if stateless { result["resultType"] = .string("complete") }
    return .object(result)
  }

  /// The result of a `resources/` request.
  private func resources(_ method: String, _ params: JSONValue) throws(ResponseError)
    -> [String: JSONValue]
  {
    var result: [String: JSONValue]
    switch method {
    case "resources/list":
      let documents = tools.documents()
      result = try tools.listResources(params, all: documents)
      watch.listed(roots: tools.roots, documents: documents)
    case "resources/templates/list":
      result = tools.resourceTemplates()
    case "resources/read":
      result = try tools.readResource(params)
    case "resources/subscribe", "resources/unsubscribe":
      guard let uri = params["uri"]?.string else {
        throw .invalidParams("\(method) needs the resource's 'uri', a string")
      }
      if method == "resources/subscribe" {
        let path = try tools.resourceFile(uri)
        watch.subscribe(uri, path: path)
      } else {
        watch.unsubscribe(uri)
      }
      result = [:]
    default:
      throw .methodNotFound(method)
    }
    return result
  }

  private var capabilities: JSONValue {
    .object([
      "tools": .object(["listChanged": .bool(false)]),
      "resources": .object(["subscribe": .bool(true), "listChanged": .bool(true)]),
    ])
  }
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
    let bytes = Array((message.text + "\n").utf8)
    writing.withLock { _ in send(bytes) }
  }
}
