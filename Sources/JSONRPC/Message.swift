import JSON

/// One JSON-RPC message from the client: a request (it has an `id` and
/// wants a reply), a notification (no `id`), or a reply to one of the
/// server's own requests.
public enum Message: Sendable, Equatable {
  case request(id: JSONValue, method: String, params: JSONValue)
  case notification(method: String, params: JSONValue)
  case response(id: JSONValue)

  /// Reads a message body. A body that is not a JSON object with a
  /// `method` (or a reply's `id`) is an error, with the request's id when
  /// one could be read. A request's numeric id is kept as its text
  /// (`.written`), so that the reply echoes it exactly as sent.
  public static func parse(_ body: [UInt8]) throws(ResponseError) -> Message {
    let value: JSONValue
    do {
      value = try JSONParser.parse(body, keepingNumberAt: "id")
    } catch {
      throw .parseError("not JSON at byte \(error.offset): \(error.problem)")
    }
    guard case .object = value else { throw .invalidRequest("a message must be a JSON object") }
    let id = value["id"]
    if let id, !isID(id) { throw .invalidRequest("an id must be a number or a string") }
    guard let method = value["method"]?.string else {
      if let id, value["result"] != nil || value["error"] != nil {
        // A reply to the server's own request: its id a number again.
        guard case .written(let text) = id else { return .response(id: id) }
        return .response(id: .number(Double(text) ?? .nan))
      }
      throw .invalidRequest("a message without a method")
    }
    let params = value["params"] ?? .null
    if let id { return .request(id: id, method: method, params: params) }
    return .notification(method: method, params: params)
  }

  private static func isID(_ value: JSONValue) -> Bool {
    switch value {
    case .number, .string, .written: return true
    default: return false
    }
  }
}
