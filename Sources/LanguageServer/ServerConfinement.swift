import Files
import JSON
import JSONRPC

/// What the server reads: a document the client opened, whatever its
/// path, from the text the client sent; from the disk only what leads
/// inside one of the workspace's folders, `..` and each symbolic link
/// followed (as `isle mcp` keeps to its roots, with Files'
/// `ConfinedFiles`). With no folder (`rootUri` null), only the open
/// documents. A request about any other document is refused with
/// `RequestFailed` naming its URI, and a link to one is a link outside,
/// never read.
extension LanguageServer {
  /// The folders as real paths, for `insideFolders`.
  static func realPaths(_ folders: [String]) -> [String] {
    folders.map { ConfinedFiles.resolved($0) ?? $0 }
  }

  /// True when `path` leads inside one of the workspace's folders.
  func insideFolders(_ path: String) -> Bool {
    let roots = state.withLock { $0.realFolders }
    guard !roots.isEmpty else { return false }
    return ConfinedFiles(SystemFiles(), roots: roots).isInside(path)
  }

  /// Refuses a request whose document (`textDocument`'s URI) is neither
  /// open nor inside the workspace's folders.
  func checkServed(_ params: JSONValue) throws(ResponseError) {
    guard let uri = params["textDocument"]?["uri"]?.string,
      let path = try? Self.path(uri), openDocument(path) == nil, !insideFolders(path)
    else { return }
    throw Self.notServed(uri)
  }

  /// The error for a document neither open nor inside the folders.
  static func notServed(_ uri: String) -> ResponseError {
    ResponseError(
      code: -32803, message: "\(uri) is not open and is outside the workspace's folders")
  }
}
