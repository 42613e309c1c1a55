import JSON
import JSONRPC
import Workspace

/// `textDocument/didOpen`: the document and its text as the editor has it.
struct DidOpenParams: MethodParams {
  var uri: String
  var path: String
  var version: Int
  var text: String

  init(_ json: JSONValue) throws(ResponseError) {
    let item = json["textDocument"]
    guard let uri = item?["uri"]?.string, let text = item?["text"]?.string else {
      throw .invalidParams("didOpen needs a textDocument with a uri and text")
    }
    self.uri = uri
    self.text = text
    path = try LanguageServer.path(uri)
    version = item?["version"]?.int ?? 0
  }
}

/// `textDocument/didChange`: the edits, in order.
struct DidChangeParams: MethodParams {
  var path: String
  /// The version the edits make; nil when the client names none.
  var version: Int?
  /// The changes up to the first that does not read.
  var changes: [TextChange] = []
  /// Why the change after `changes` does not read: the ones before it are
  /// applied all the same, as the editor made them.
  var unread: ResponseError? = nil

  init(_ json: JSONValue) throws(ResponseError) {
    path = try DocumentParams(json).path
    guard let changes = json["contentChanges"]?.array else {
      throw .invalidParams("didChange needs contentChanges")
    }
    version = json["textDocument"]?["version"]?.int
    for change in changes {
      do {
        self.changes.append(try TextChange(change))
      } catch {
        unread = error
        break
      }
    }
  }
}

/// `workspace/didChangeWatchedFiles`: the files the client saw change on
/// disk (entries without a `file:` URI are passed over).
struct WatchedFilesParams: MethodParams {
  var changes: [(path: String, deleted: Bool)] = []

  init(_ json: JSONValue) {
    for change in json["changes"]?.array ?? [] {
      guard let path = change["uri"]?.string.flatMap(FileURI.path) else { continue }
      // 3 is Deleted.
      changes.append((path, change["type"]?.int == 3))
    }
  }
}

/// `workspace/didChangeWorkspaceFolders`: the folders added and removed.
struct FolderChangeParams: MethodParams {
  var added: [String]
  var removed: Set<String>

  init(_ json: JSONValue) {
    let event = json["event"]
    added = (event?["added"]?.array ?? []).compactMap {
      $0["uri"]?.string.flatMap(FileURI.path)
    }.map(LanguageServer.tidied)
    removed = Set(
      (event?["removed"]?.array ?? []).compactMap { $0["uri"]?.string.flatMap(FileURI.path) }
        .map(LanguageServer.tidied))
  }
}
