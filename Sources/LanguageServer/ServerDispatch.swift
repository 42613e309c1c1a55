/// Which handler answers which method, and the lifecycle's rules: nothing
/// before `initialize`, nothing but `exit` after `shutdown`.
extension LanguageServer {
  /// The answer to a request; `cameRunning` when its phase was checked as
  /// it came (a request answered aside, after a `shutdown` that came
  /// later, is answered all the same).
  func answer(
    _ method: String, _ params: JSONValue, _ request: Request, cameRunning: Bool = false
  ) throws(ResponseError) -> JSONValue {
    let phase = cameRunning ? .running : state.withLock { $0.phase }
    if method == "initialize" {
      guard phase == .starting else { throw .invalidRequest("initialize was sent twice") }
      return initialize(params)
    }
    switch phase {
    case .starting: throw .serverNotInitialized
    case .shutDown: throw .shutDown
    case .running: break
    }
    switch method {
    case "shutdown":
      state.withLock { $0.phase = .shutDown }
      return .null
    case "textDocument/documentSymbol": return try documentSymbols(params)
    case "textDocument/foldingRange": return try foldingRanges(params)
    case "textDocument/selectionRange": return try selectionRanges(params)
    case "workspace/symbol": return try workspaceSymbols(params, request)
    case "textDocument/definition": return try definition(params)
    case "textDocument/references": return try references(params, request)
    case "textDocument/hover": return try hover(params)
    case "textDocument/documentLink": return try documentLinks(params, request)
    case "textDocument/completion": return try completion(params, request)
    case "textDocument/prepareRename": return try prepareRename(params)
    case "textDocument/rename": return try rename(params, request)
    case "textDocument/codeAction": return try codeActions(params, request)
    case "textDocument/codeLens": return try codeLenses(params)
    case "isle/where": return try whereJSON(params)
    default: throw .methodNotFound(method)
    }
  }

  func notice(_ method: String, _ params: JSONValue) throws(ResponseError) {
    guard state.withLock({ $0.phase == .running }) else { return }
    switch method {
    case "initialized": initialized()
    case "textDocument/didOpen": try didOpen(params)
    case "textDocument/didChange": try didChange(params)
    case "textDocument/didClose": try didClose(params)
    case "textDocument/didSave": try didSave(params)
    case "workspace/didChangeWatchedFiles": didChangeWatchedFiles(params)
    case "workspace/didChangeWorkspaceFolders": didChangeWorkspaceFolders(params)
    default: break  // `$/…` and whatever else the client tells: nothing to do.
    }
  }
}
