import JSON
import JSONRPC
import Workspace

/// Which handler answers which method, on which thread, and the
/// lifecycle's rules: nothing before `initialize`, nothing but `exit` after
/// `shutdown`.
extension LanguageServer {
  /// Every method the server reads, one registration each: its
  /// parameters' type, the thread it is answered on, and its handler.
  static let methods: Methods = {
    var table = Methods()
    // The lifecycle.
    table.request("initialize", InitializeParams.self, on: .messages, phase: .starting) {
      server, params, _ in server.initialize(params)
    }
    table.request("shutdown", NoParams.self, on: .afterAside) { server, _, _ in
      server.shutdown()
    }
    table.notification("initialized", NoParams.self) { server, _ in server.initialized() }
    // The outline, from the pieces an edit touched: answered as it comes.
    table.request("textDocument/documentSymbol", DocumentParams.self, on: .messages) {
      server, params, _ throws(ResponseError) in try server.documentSymbols(params)
    }
    table.request("textDocument/selectionRange", SelectionRangeParams.self, on: .messages) {
      server, params, _ throws(ResponseError) in try server.selectionRanges(params)
    }
    table.request("textDocument/codeLens", DocumentParams.self, on: .messages) {
      server, params, _ throws(ResponseError) in try server.codeLenses(params)
    }
    // What needs the whole document's links, or the workspace's index.
    table.request("textDocument/foldingRange", DocumentParams.self, on: .aside) {
      server, params, _ throws(ResponseError) in try server.foldingRanges(params)
    }
    table.request("workspace/symbol", WorkspaceSymbolParams.self, on: .aside) {
      server, params, request throws(ResponseError) in try server.workspaceSymbols(params, request)
    }
    table.request("textDocument/definition", PositionParams.self, on: .aside) {
      server, params, _ throws(ResponseError) in try server.definition(params)
    }
    table.request("textDocument/references", ReferenceParams.self, on: .aside) {
      server, params, request throws(ResponseError) in try server.references(params, request)
    }
    table.request("textDocument/documentHighlight", PositionParams.self, on: .aside) {
      server, params, _ throws(ResponseError) in try server.highlights(params)
    }
    table.request("textDocument/hover", PositionParams.self, on: .aside) {
      server, params, _ throws(ResponseError) in try server.hover(params)
    }
    table.request("textDocument/documentLink", DocumentParams.self, on: .aside) {
      server, params, request throws(ResponseError) in try server.documentLinks(params, request)
    }
    table.request("textDocument/completion", PositionParams.self, on: .aside) {
      server, params, request throws(ResponseError) in try server.completion(params, request)
    }
    table.request("textDocument/prepareRename", PositionParams.self, on: .aside) {
      server, params, _ throws(ResponseError) in try server.prepareRename(params)
    }
    table.request("textDocument/rename", RenameParams.self, on: .aside) {
      server, params, request throws(ResponseError) in try server.rename(params, request)
    }
    table.request("textDocument/codeAction", CodeActionParams.self, on: .aside) {
      server, params, request throws(ResponseError) in try server.codeActions(params, request)
    }
    table.request("workspace/willRenameFiles", RenameFilesParams.self, on: .aside) {
      server, params, request throws(ResponseError) in try server.willRenameFiles(params, request)
    }
    table.request("isle/where", PositionParams.self, on: .aside) {
      server, params, _ throws(ResponseError) in
      try server.whereJSON(params)
    }
    // The documents and the workspace.
    table.notification("textDocument/didOpen", DidOpenParams.self) { server, params in
      server.didOpen(params)
    }
    table.notification("textDocument/didChange", DidChangeParams.self) {
      server, params throws(ResponseError) in
      try server.didChange(params)
    }
    table.notification("textDocument/didClose", DocumentParams.self) { server, params in
      server.didClose(params)
    }
    table.notification("textDocument/didSave", DocumentParams.self) { server, params in
      server.didSave(params)
    }
    table.notification("workspace/didChangeWatchedFiles", WatchedFilesParams.self) {
      server, params in server.didChangeWatchedFiles(params)
    }
    table.notification("workspace/didRenameFiles", RenameFilesParams.self) { server, params in
      server.didRenameFiles(params)
    }
    table.notification("workspace/didChangeWorkspaceFolders", FolderChangeParams.self) {
      server, params in server.didChangeWorkspaceFolders(params)
    }
    table.notification("workspace/didChangeConfiguration", ConfigurationParams.self) {
      server, params in server.didChangeConfiguration(params)
    }
    return table
  }()

  /// The answer to a request; `cameRunning` when its phase was checked as
  /// it was read (a request answered aside, after a `shutdown` read
  /// later, is answered all the same, unless the watch answered that
  /// `shutdown` first: `ShutdownWatch`).
  func answer(
    _ method: String, _ params: JSONValue, _ request: Request, cameRunning: Bool = false
  ) throws(ResponseError) -> any JSONWritable {
    let phase = cameRunning ? .running : state.withLock { $0.phase }
    let route = Self.methods.requests[method]
    if phase == .shutDown { throw .shutDown }
    if let route, route.rule.phase == .starting {
      guard phase == .starting else { throw .invalidRequest("\(method) was sent twice") }
    } else {
      switch phase {
      case .starting: throw .serverNotInitialized
      case .shutDown: throw .shutDown
      case .running: break
      }
    }
    guard let route else { throw .methodNotFound(method) }
    try checkServed(params)
    return try route.answer(self, params, request)
  }

  /// Acts on a notification; `$/…` and whatever else the client tells
  /// that the table does not name: nothing to do.
  func notice(_ method: String, _ params: JSONValue) throws(ResponseError) {
    guard state.withLock({ $0.phase == .running }) else { return }
    try Self.methods.notifications[method]?.handle(self, params)
  }
}
