import JSON

/// A method's parameters as typed values, read from the message's
/// `params` before its handler runs: a handler is given what it asked
/// for, and a message without it is refused with `InvalidParams` naming
/// what is missing.
public protocol MethodParams: Sendable {
  /// Reads the parameters from `json` (`null` when the message had none).
  init(_ json: JSONValue) throws(ResponseError)
}

/// A method that takes nothing (`shutdown`, `initialized`, `ping`).
public struct NoParams: MethodParams {
  public init(_ json: JSONValue) {}
}

/// A method whose parameters its handler reads itself, as they came.
public struct AnyParams: MethodParams {
  public var json: JSONValue
  public init(_ json: JSONValue) { self.json = json }
}
