import JSON
import Workspace

/// `initialize` and `initialized`: the workspace's folders, what the
/// client can take, and what the server offers.
extension LanguageServer {
  func initialize(_ params: InitializeParams) -> JSONValue {
    let codeLens = params.codeLens
    state.withLock { state in
      state.phase = .running
      state.folders = params.folders
      state.realFolders = Self.realPaths(params.folders)
      state.codeLens = codeLens
      state.hierarchicalSymbols = params.hierarchicalSymbols
      state.watchesFiles = params.watchesFiles
      state.settings = params.settings
      state.documentChanges = params.documentChanges
      state.showsProgress = params.showsProgress
    }
    var offered: [String: JSONValue] = [
      "positionEncoding": .string("utf-16"),
      "textDocumentSync": .object([
        "openClose": .bool(true), "change": .int(2),
        "save": .object(["includeText": .bool(false)]),
      ]),
      "documentSymbolProvider": .bool(true),
      "workspaceSymbolProvider": .bool(true),
      "foldingRangeProvider": .bool(true),
      "selectionRangeProvider": .bool(true),
      "definitionProvider": .bool(true),
      "referencesProvider": .bool(true),
      "documentHighlightProvider": .bool(true),
      "hoverProvider": .bool(true),
      "documentLinkProvider": .object(["resolveProvider": .bool(false)]),
      "completionProvider": .object([
        "triggerCharacters": .array(["#", "(", "/", "<"].map { .string($0) })
      ]),
      "renameProvider": .object(["prepareProvider": .bool(true)]),
      "codeActionProvider": .object([
        "codeActionKinds": .array(
          ["quickfix", "refactor.extract", "source.organizeLinkDefinitions"].map { .string($0) })
      ]),
      "workspace": .object([
        "workspaceFolders": .object([
          "supported": .bool(true), "changeNotifications": .bool(true),
        ]),
        "fileOperations": Self.fileOperations,
      ]),
    ]
    if codeLens { offered["codeLensProvider"] = .object(["resolveProvider": .bool(false)]) }
    return .object([
      "capabilities": .object(offered),
      "serverInfo": .object(["name": .string("isle"), "version": .string(version)]),
    ])
  }

  /// `shutdown`: the phase was set as it was read (`receive`); from now
  /// on only `exit` is read.
  func shutdown() -> JSONValue {
    state.withLock { $0.phase = .shutDown }
    // The index the build keeps, written before the server may exit.
    index.waitUntilKept()
    return .null
  }

  func initialized() {
    for problem in problems { log(problem, .error) }
    let (folders, watches) = state.withLock { ($0.folders, $0.watchesFiles) }
    index.build(folders: folders, progress: progressSender)
    guard watches else { return }
    // The documents not open are watched by the client, which tells of
    // their changes (`workspace/didChangeWatchedFiles`).
    let watcher = JSONValue.object([
      "globPattern": .string("**/*.{md,markdown,html,htm}")
    ])
    outgoing.request(
      .string("isle-watch"), "client/registerCapability",
      params: .object([
        "registrations": .array([
          .object([
            "id": .string("isle-watch"), "method": .string("workspace/didChangeWatchedFiles"),
            "registerOptions": .object(["watchers": .array([watcher])]),
          ])
        ])
      ]))
  }

  func didChangeWorkspaceFolders(_ params: FolderChangeParams) {
    let folders = state.withLock { state in
      state.folders =
        state.folders.filter { !params.removed.contains($0) } + params.added
      state.realFolders = Self.realPaths(state.folders)
      return state.folders
    }
    index.build(folders: folders, progress: progressSender)
  }

  /// Where the index's progress goes: to the client when it shows it.
  private var progressSender: (@Sendable (String) -> Void)? {
    state.withLock { $0.showsProgress } ? outgoing.forward : nil
  }

  /// A folder's path without a trailing `/`.
  static func tidied(_ path: String) -> String {
    var path = path
    while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
    return path
  }
}
