import JSON

/// The methods a server reads, by name: for each, its handler with its
/// parameters read into their type once (an `InvalidParams` error when
/// they do not read), and for a request the server's `Rule` for it (the
/// thread it is answered on, the phase it may come in). Built once, then
/// only read (rust-analyzer's `RequestDispatcher`). A handler is given
/// the server, its parameters and the `Call` being answered, and gives a
/// result that writes itself.
public struct MethodTable<Server, Call, Rule: Sendable>: Sendable {
  /// How a request is answered.
  public struct Route: Sendable {
    public let rule: Rule
    let handler: @Sendable (Server, JSONValue, Call) throws(ResponseError) -> any JSONWritable

    /// The result for `params` as the message has them.
    public func answer(_ server: Server, _ params: JSONValue, _ call: Call)
      throws(ResponseError) -> any JSONWritable
    {
      try handler(server, params, call)
    }
  }

  /// How a notification is acted on.
  public struct Notice: Sendable {
    let handler: @Sendable (Server, JSONValue) throws(ResponseError) -> Void

    /// Acts on `params` as the message has them.
    public func handle(_ server: Server, _ params: JSONValue) throws(ResponseError) {
      try handler(server, params)
    }
  }

  public private(set) var requests: [String: Route] = [:]
  public private(set) var notifications: [String: Notice] = [:]

  /// A table naming no method.
  public init() {}

  /// Registers request `method` under `rule`, its parameters read as
  /// `Params` and handed to `handler`.
  public mutating func request<Params: MethodParams>(
    _ method: String, _: Params.Type, _ rule: Rule,
    _ handler:
      @escaping @Sendable (Server, Params, Call) throws(ResponseError) -> any JSONWritable
  ) {
    requests[method] = Route(rule: rule) { server, json, call throws(ResponseError) in
      try handler(server, try Params(json), call)
    }
  }

  /// Registers notification `method`, its parameters read as `Params`.
  public mutating func notification<Params: MethodParams>(
    _ method: String, _: Params.Type,
    _ handler: @escaping @Sendable (Server, Params) throws(ResponseError) -> Void
  ) {
    notifications[method] = Notice { server, json throws(ResponseError) in
      try handler(server, try Params(json))
    }
  }
}
