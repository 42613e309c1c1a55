import JSON

/// The one error a request ends with: a JSON-RPC error code and a message,
/// sent back as the reply's `error`.
public struct ResponseError: Error, Equatable, Sendable {
  /// The JSON-RPC or LSP code.
  public var code: Int
  /// One line saying what went wrong, naming the value.
  public var message: String
  /// What more the client is told (the revisions an MCP server speaks).
  public var data: JSONValue?

  /// An error from its parts.
  public init(code: Int, message: String, data: JSONValue? = nil) {
    self.code = code
    self.message = message
    self.data = data
  }

  /// The message is not JSON.
  public static func parseError(_ message: String) -> ResponseError {
    ResponseError(code: -32700, message: message)
  }
  /// The message is JSON but not a request.
  public static func invalidRequest(_ message: String) -> ResponseError {
    ResponseError(code: -32600, message: message)
  }
  /// No such method.
  public static func methodNotFound(_ method: String) -> ResponseError {
    ResponseError(code: -32601, message: "no method '\(method)'")
  }
  /// The parameters are missing or of the wrong kind.
  public static func invalidParams(_ message: String) -> ResponseError {
    ResponseError(code: -32602, message: message)
  }
  /// A request before `initialize`.
  public static let serverNotInitialized = ResponseError(
    code: -32002, message: "the server is not initialized")
  /// The client cancelled the request.
  public static let requestCancelled = ResponseError(code: -32800, message: "cancelled")
  /// The document changed while the request was answered: the answer is
  /// for a text the editor no longer has.
  public static let contentModified = ResponseError(
    code: -32801, message: "the document changed meanwhile")
  /// A request after `shutdown`.
  public static let shutDown = ResponseError(
    code: -32600, message: "the server is shut down; only 'exit' is read")

}

extension ResponseError: JSONWritable {
  /// The `error` member of a reply.
  public func write(to writer: inout JSONWriter) {
    writer.open()
    writer.add("code", code)
    if let data { writer.add("data", data) }
    writer.add("message", message)
    writer.close()
  }
}
