/// `initialize` and `initialized`: the workspace's folders, what the
/// client can take, and what the server offers.
extension LanguageServer {
  func initialize(_ params: JSONValue) -> JSONValue {
    var folders: [String] = []
    for folder in params["workspaceFolders"]?.array ?? [] {
      if let path = folder["uri"]?.string.flatMap(FileURI.path) { folders.append(path) }
    }
    if folders.isEmpty, let root = params["rootUri"]?.string.flatMap(FileURI.path) {
      folders.append(root)
    } else if folders.isEmpty, let root = params["rootPath"]?.string, root.hasPrefix("/") {
      folders.append(root)
    }
    let capabilities = params["capabilities"]
    let codeLens = params["initializationOptions"]?["codeLens"]?.bool ?? false
    state.withLock { state in
      state.phase = .running
      state.folders = folders.map(Self.tidied)
      state.codeLens = codeLens
      state.hierarchicalSymbols =
        capabilities?["textDocument"]?["documentSymbol"]?["hierarchicalDocumentSymbolSupport"]?
        .bool ?? false
      state.watchesFiles =
        capabilities?["workspace"]?["didChangeWatchedFiles"]?["dynamicRegistration"]?.bool ?? false
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
      "hoverProvider": .bool(true),
      "documentLinkProvider": .object(["resolveProvider": .bool(false)]),
      "completionProvider": .object([
        "triggerCharacters": .array(["#", "(", "/", "<"].map { .string($0) })
      ]),
      "renameProvider": .object(["prepareProvider": .bool(true)]),
      "codeActionProvider": .object(["codeActionKinds": .array([.string("quickfix")])]),
      "workspace": .object([
        "workspaceFolders": .object([
          "supported": .bool(true), "changeNotifications": .bool(true),
        ])
      ]),
    ]
    if codeLens { offered["codeLensProvider"] = .object(["resolveProvider": .bool(false)]) }
    return .object([
      "capabilities": .object(offered),
      "serverInfo": .object(["name": .string("isle"), "version": .string(version)]),
    ])
  }

  func initialized() {
    for problem in problems { log(problem, .error) }
    let (folders, watches) = state.withLock { ($0.folders, $0.watchesFiles) }
    index.build(folders: folders)
    guard watches else { return }
    // The documents not open are watched by the client, which tells of
    // their changes (`workspace/didChangeWatchedFiles`).
    let watcher = JSONValue.object([
      "globPattern": .string("**/*.{md,markdown,html,htm}")
    ])
    send(
      JSONValue.object([
        "jsonrpc": .string("2.0"), "id": .string("isle-watch"),
        "method": .string("client/registerCapability"),
        "params": .object([
          "registrations": .array([
            .object([
              "id": .string("isle-watch"), "method": .string("workspace/didChangeWatchedFiles"),
              "registerOptions": .object(["watchers": .array([watcher])]),
            ])
          ])
        ]),
      ]).text)
  }

  func didChangeWorkspaceFolders(_ params: JSONValue) {
    let event = params["event"]
    let added = (event?["added"]?.array ?? []).compactMap {
      $0["uri"]?.string.flatMap(FileURI.path)
    }
    let removed = Set(
      (event?["removed"]?.array ?? []).compactMap { $0["uri"]?.string.flatMap(FileURI.path) }
        .map(Self.tidied))
    let folders = state.withLock { state in
      state.folders = state.folders.filter { !removed.contains($0) } + added.map(Self.tidied)
      return state.folders
    }
    index.build(folders: folders)
  }

  /// A folder's path without a trailing `/`.
  static func tidied(_ path: String) -> String {
    var path = path
    while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
    return path
  }
}
