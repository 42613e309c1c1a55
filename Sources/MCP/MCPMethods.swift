import JSON
import JSONRPC

/// How the session treats a request the method table names.
enum MCPRule: Sendable {
  /// `initialize`: once, first, and answered even when cancelled.
  case handshake
  /// `ping`, `server/discover`: before `initialize` too.
  case anytime
  /// `tools/list`: once initialized.
  case session
  /// `resources/…`: once initialized, held while the client's roots are
  /// asked for.
  case inRoots
  /// `tools/call`: as `inRoots`, and its progress told as it starts.
  case toolCall

  var comesBeforeInitialize: Bool { self == .handshake || self == .anytime }
  var waitsForRoots: Bool { self == .inRoots || self == .toolCall }
}

/// The request being answered: the revision it named in its `_meta`, the
/// revision it is answered at, and whether that one is stateless.
struct MCPCall {
  var named: String?
  var revision: String
  var stateless: Bool
}

extension MCPSession {
  typealias Methods = MethodTable<MCPSession, MCPCall, MCPRule>

  /// Every method the server reads, one registration each: its
  /// parameters' type, its rule, and its handler.
  static let methods: Methods = {
    var table = Methods()
    table.request("initialize", InitializeParams.self, .handshake) { session, params, _ in
      session.initialize(params)
    }
    table.request("server/discover", NoParams.self, .anytime) {
      session, _, call throws(ResponseError) in try session.discover(call)
    }
    table.request("ping", NoParams.self, .anytime) { _, _, _ in JSONValue.object([:]) }
    table.request("tools/list", NoParams.self, .session) { _, _, call in
      ToolCatalog.Listing(revision: call.revision, stateless: call.stateless)
    }
    table.request("tools/call", ToolCallParams.self, .toolCall) {
      session, params, call throws(ResponseError) in
      JSONValue.object(
        try session.tools.call(
          params.name, params.arguments,
          structured: ProtocolRevision.hasStructuredResults(call.revision)))
    }
    table.request("resources/list", AnyParams.self, .inRoots) {
      session, params, _ throws(ResponseError) in
      let documents = session.tools.documents()
      let result = try session.tools.listResources(params.json, all: documents)
      session.watch.listed(roots: session.tools.roots, documents: documents)
      return JSONValue.object(result)
    }
    table.request("resources/templates/list", NoParams.self, .inRoots) { session, _, _ in
      JSONValue.object(session.tools.resourceTemplates())
    }
    table.request("resources/read", AnyParams.self, .inRoots) {
      session, params, _ throws(ResponseError) in
      JSONValue.object(try session.tools.readResource(params.json))
    }
    table.request("resources/subscribe", ResourceParams<Subscribe>.self, .inRoots) {
      session, params, _ throws(ResponseError) in
      session.watch.subscribe(params.uri, path: try session.tools.resourceFile(params.uri))
      return JSONValue.object([:])
    }
    table.request("resources/unsubscribe", ResourceParams<Unsubscribe>.self, .inRoots) {
      session, params, _ in
      session.watch.unsubscribe(params.uri)
      return JSONValue.object([:])
    }
    table.notification("notifications/initialized", NoParams.self) { session, _ in
      session.askForRoots()
    }
    table.notification("notifications/roots/list_changed", NoParams.self) { session, _ in
      session.askForRoots()
    }
    return table
  }()

  /// `initialize`: the revision settled, the client's roots noted.
  func initialize(_ params: InitializeParams) -> JSONValue {
    let settled = ProtocolRevision.answer(toInitialize: params.protocolVersion)
    negotiated = settled
    clientHasRoots = params.hasRoots
    return .object([
      "protocolVersion": .string(settled), "capabilities": Self.capabilities,
      "serverInfo": serverInfo, "instructions": .string(ToolCatalog.instructions),
    ])
  }

  /// `server/discover`, at a stateless revision only.
  func discover(_ call: MCPCall) throws(ResponseError) -> JSONValue {
    guard let named = call.named else { throw Self.unsupported("none") }
    guard ProtocolRevision.stateless.contains(named) else { throw Self.unsupported(named) }
    return .object([
      "supportedVersions": .array(ProtocolRevision.all.map(JSONValue.string)),
      "capabilities": Self.capabilities, "instructions": .string(ToolCatalog.instructions),
      "_meta": .object([ProtocolRevision.serverInfoKey: serverInfo]),
      "ttlMs": .int(0), "cacheScope": .string("private"),
    ])
  }

  static let capabilities = JSONValue.object([
    "tools": .object(["listChanged": .bool(false)]),
    "resources": .object(["subscribe": .bool(true), "listChanged": .bool(true)]),
  ])

  var serverInfo: JSONValue {
    .object(["name": .string("isle"), "version": .string(version)])
  }
}

/// `initialize`'s: the revision the client asks for, and whether it has
/// roots.
struct InitializeParams: MethodParams {
  var protocolVersion: String?
  var hasRoots: Bool

  init(_ json: JSONValue) {
    protocolVersion = json["protocolVersion"]?.string
    hasRoots = json["capabilities"]?["roots"] != nil
  }
}

/// `tools/call`'s: the tool's name and its arguments, an object.
struct ToolCallParams: MethodParams {
  var name: String
  var arguments: JSONValue

  init(_ json: JSONValue) throws(ResponseError) {
    guard let name = json["name"]?.string else {
      throw .invalidParams("tools/call needs the tool's 'name', a string")
    }
    arguments = json["arguments"] ?? .object([:])
    guard case .object = arguments else {
      throw .invalidParams("a tool's 'arguments' must be an object")
    }
    self.name = name
  }
}

/// The method a `ResourceParams` is read for, which its error names.
protocol ResourceMethod: Sendable { static var name: String { get } }
enum Subscribe: ResourceMethod { static let name = "resources/subscribe" }
enum Unsubscribe: ResourceMethod { static let name = "resources/unsubscribe" }

/// `resources/subscribe`'s and `resources/unsubscribe`'s: the resource's
/// URI.
struct ResourceParams<Method: ResourceMethod>: MethodParams {
  var uri: String

  init(_ json: JSONValue) throws(ResponseError) {
    guard let uri = json["uri"]?.string else {
      throw .invalidParams("\(Method.name) needs the resource's 'uri', a string")
    }
    self.uri = uri
  }
}
