import JSON
import JSONRPC

/// What `isle mcp` answers, message by message, on the answering thread:
/// it negotiates the revision, asks a client that has roots for them
/// (holding the calls that resolve paths until they come), and answers
/// each request by the method table (`MCPSession.methods`), unless the
/// client cancelled it (the specification's `notifications/cancelled`: no
/// response is sent for it).
final class MCPSession {
  let tools: ToolBox
  let version: String
  let outgoing: Outgoing
  let cancellations: Cancellations
  /// The files of the resources subscribed to, and the documents listed.
  let watch: ResourceWatch
  /// The revision `initialize` settled; nil before it.
  var negotiated: String? = nil
  /// True when the client said it has roots to list.
  var clientHasRoots = false
  /// The id of the `roots/list` request waiting for its answer.
  private var rootsRequest: Int? = nil
  /// Requests waiting for that answer: paths are resolved against the
  /// roots it names.
  private var held: [(id: JSONValue, method: String, params: JSONValue)] = []
  private var requestsSent = 0

  init(
    tools: sending ToolBox, version: String, outgoing: Outgoing, cancellations: Cancellations,
    watch: ResourceWatch
  ) {
    self.tools = tools
    self.version = version
    self.outgoing = outgoing
    self.cancellations = cancellations
    self.watch = watch
  }

  /// Answers one message: a request gets its reply, a notification none.
  func receive(_ body: [UInt8]) {
    let message: Message
    do {
      message = try Message.parse(body)
    } catch {
      outgoing.reply(to: .null, error: error)
      return
    }
    switch message {
    case .request(let id, let method, let params):
      let rule = Self.methods.requests[method]?.rule
      if rule?.waitsForRoots ?? method.hasPrefix("resources/"), rootsRequest != nil {
        held.append((id, method, params))
      } else {
        request(id, method, params)
      }
    case .notification(let method, let params):
      try? Self.methods.notifications[method]?.handle(self, params)
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
  /// while it was worked on.
  private func request(_ id: JSONValue, _ method: String, _ params: JSONValue) {
    guard !cancellations.take(id) else { return }
    let route = Self.methods.requests[method]
    if route?.rule == .toolCall, let token = params["_meta"]?["progressToken"],
      token.string != nil || token.int != nil
    {
      // The one progress the server knows: the call has started.
      outgoing.notify(
        "notifications/progress", JSONValue.object(["progressToken": token, "progress": .int(0)]))
    }
    do {
      let result = try answer(method, route, params)
      guard !cancellations.take(id) || route?.rule == .handshake else { return }
      outgoing.reply(to: id, result: result)
    } catch {
      guard !cancellations.take(id) else { return }
      outgoing.reply(to: id, error: error)
    }
  }

  /// The result of request `method`, at the revision it names or the
  /// one negotiated.
  private func answer(_ method: String, _ route: Methods.Route?, _ params: JSONValue)
    throws(ResponseError) -> any JSONWritable
  {
    let named = params["_meta"]?[ProtocolRevision.metaKey]?.string
    if let named, !ProtocolRevision.all.contains(named) { throw Self.unsupported(named) }
    if route?.rule == .handshake, let negotiated {
      throw .invalidRequest(
        "'initialize' was sent twice: the session is initialized already, at \(negotiated)")
    }
    if negotiated == nil && named == nil && !(route?.rule.comesBeforeInitialize ?? false) {
      throw ResponseError(
        code: ResponseError.serverNotInitialized.code,
        message: "'\(method)' came before 'initialize': the session starts with 'initialize'")
    }
    guard let route else { throw .methodNotFound(method) }
    let stateless = named.map { ProtocolRevision.stateless.contains($0) } ?? false
    let call = MCPCall(
      named: named, revision: named ?? negotiated ?? ProtocolRevision.handshake.last!,
      stateless: stateless)
    let result = try route.answer(self, params, call)
    guard stateless, case .object(var members)? = result as? JSONValue else { return result }
    members["resultType"] = .string("complete")
    return JSONValue.object(members)
  }

  /// Asks a client that has roots for them: paths are then resolved
  /// against those folders.
  func askForRoots() {
    guard clientHasRoots else { return }
    requestsSent += 1
    rootsRequest = requestsSent
    outgoing.request(.int(requestsSent), "roots/list")
  }

  /// The error for a revision the server does not speak, naming those it
  /// does.
  static func unsupported(_ asked: String) -> ResponseError {
    ResponseError(
      code: ProtocolRevision.unsupportedCode,
      message: "isle does not speak protocol revision '\(asked)'; it speaks "
        + ProtocolRevision.all.joined(separator: ", "),
      data: .object([
        "supported": .array(ProtocolRevision.all.map(JSONValue.string)),
        "requested": .string(asked),
      ]))
  }
}
