import JSON
import JSONRPC
import Workspace

/// `initialize`'s params: the workspace's folders, what the client can
/// take, and isle's own options. Read leniently: what is missing or of
/// another kind is taken as not given.
struct InitializeParams: MethodParams {
  /// The workspace's folders (`workspaceFolders`, else `rootUri`, else
  /// `rootPath`), without a trailing `/`.
  var folders: [String] = []
  /// `initializationOptions.codeLens`: the sections' reading times as
  /// code lenses.
  var codeLens: Bool
  var hierarchicalSymbols: Bool
  var watchesFiles: Bool
  var settings: ServerSettings
  /// `workspace.workspaceEdit.documentChanges`.
  var documentChanges: Bool
  /// `window.workDoneProgress`: the client shows the server's progress.
  var showsProgress: Bool

  init(_ json: JSONValue) {
    for folder in json["workspaceFolders"]?.array ?? [] {
      if let path = folder["uri"]?.string.flatMap(FileURI.path) { folders.append(path) }
    }
    if folders.isEmpty, let root = json["rootUri"]?.string.flatMap(FileURI.path) {
      folders.append(root)
    } else if folders.isEmpty, let root = json["rootPath"]?.string, root.hasPrefix("/") {
      folders.append(root)
    }
    folders = folders.map(LanguageServer.tidied)
    let capabilities = json["capabilities"]
    settings = ServerSettings(initialize: json)
    codeLens = json["initializationOptions"]?["codeLens"]?.bool ?? false
    hierarchicalSymbols =
      capabilities?["textDocument"]?["documentSymbol"]?["hierarchicalDocumentSymbolSupport"]?
      .bool ?? false
    watchesFiles =
      capabilities?["workspace"]?["didChangeWatchedFiles"]?["dynamicRegistration"]?.bool ?? false
    documentChanges =
      capabilities?["workspace"]?["workspaceEdit"]?["documentChanges"]?.bool ?? false
    showsProgress = capabilities?["window"]?["workDoneProgress"]?.bool ?? false
  }
}

/// `textDocument/references`: a position, and whether the heading itself
/// is among the answers.
struct ReferenceParams: MethodParams {
  var at: PositionParams
  var includeDeclaration: Bool

  init(_ json: JSONValue) throws(ResponseError) {
    at = try PositionParams(json)
    includeDeclaration = json["context"]?["includeDeclaration"]?.bool == true
  }
}

/// `textDocument/rename`: a position and the heading's new title.
struct RenameParams: MethodParams {
  var newName: String
  var at: PositionParams

  init(_ json: JSONValue) throws(ResponseError) {
    guard let newName = json["newName"]?.string, !newName.isEmpty,
      !newName.contains(where: { $0 == "\n" || $0 == "\r" })
    else { throw .invalidParams("a new name is one line of text") }
    self.newName = newName
    at = try PositionParams(json)
  }
}

/// `textDocument/codeAction`: the range the fixes are asked for, and
/// the kinds asked for (`context.only`; nil: any).
struct CodeActionParams: MethodParams {
  var path: String
  var range: TextRange
  var only: [String]?

  init(_ json: JSONValue) throws(ResponseError) {
    path = try DocumentParams(json).path
    range = try TextRange(json["range"])
    only = json["context"]?["only"]?.array?.compactMap(\.string)
  }

  /// True when an action of `kind` is asked for: `only` names it or a
  /// kind it belongs to (`source` holds `source.organizeLinkDefinitions`).
  func asks(for kind: String) -> Bool {
    guard let only else { return true }
    return only.contains { kind == $0 || $0.isEmpty || kind.hasPrefix($0 + ".") }
  }
}

/// `textDocument/selectionRange`: the positions to widen from.
struct SelectionRangeParams: MethodParams {
  var path: String
  var positions: [TextPosition]

  init(_ json: JSONValue) throws(ResponseError) {
    path = try DocumentParams(json).path
    guard let positions = json["positions"]?.array else {
      throw .invalidParams("selectionRange needs positions")
    }
    self.positions = []
    for position in positions { self.positions.append(try TextPosition(position)) }
  }
}

/// `workspace/symbol`: the query, lowercased (none is every heading).
struct WorkspaceSymbolParams: MethodParams {
  var query: String

  init(_ json: JSONValue) {
    query = (json["query"]?.string ?? "").lowercased()
  }
}
