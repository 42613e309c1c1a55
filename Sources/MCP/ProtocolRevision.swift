/// The revisions of the Model Context Protocol the server speaks: every
/// one the Python SDK speaks. The first four are reached by the
/// `initialize` handshake; the newest by `server/discover`, each request
/// then naming its revision in `_meta`.
public enum ProtocolRevision {
  /// Revisions negotiated by `initialize`, oldest first.
  public static let handshake = ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"]
  /// Revisions whose requests each carry the revision (`server/discover`).
  public static let stateless = ["2026-07-28"]
  /// Every revision, oldest first.
  public static var all: [String] { handshake + stateless }
  /// The `_meta` key a stateless request names its revision under.
  static let metaKey = "io.modelcontextprotocol/protocolVersion"
  /// The `_meta` key the server's name goes under in a discover result.
  static let serverInfoKey = "io.modelcontextprotocol/serverInfo"
  /// The JSON-RPC code for a revision the server does not speak.
  static let unsupportedCode = -32022

  /// The revision `initialize` answers: the one asked for when spoken,
  /// else the newest handshake revision (the client then decides).
  static func answer(toInitialize asked: String?) -> String {
    if let asked, handshake.contains(asked) { return asked }
    return handshake.last!
  }

  /// True when results at `revision` may carry `outputSchema` and
  /// `structuredContent` (from 2025-06-18).
  static func hasStructuredResults(_ revision: String) -> Bool {
    revision >= "2025-06-18"
  }
}
