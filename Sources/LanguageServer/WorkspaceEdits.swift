import JSON
import Workspace

extension LanguageServer {
  /// `edits` (by path) and a file `moving` as one `WorkspaceEdit`, which
  /// the editor applies, and undoes, as one: as `documentChanges` when the
  /// client takes them (each document with the version the editor has
  /// open, null for one it has not; the file renamed after its edits),
  /// else as `changes`.
  func workspaceEdit(_ edits: [String: [TextEdit]], moving: (from: String, to: String)? = nil)
    -> JSONValue
  {
    let (versioned, versions) = state.withLock {
      ($0.documentChanges, $0.open.mapValues(\.version))
    }
    guard versioned else {
      var changes: [String: JSONValue] = [:]
      for (path, list) in edits { changes[uri(path)] = list.jsonValue }
      return .object(["changes": .object(changes)])
    }
    var changes = edits.keys.sorted().map { path in
      JSONValue.object([
        "textDocument": .object([
          "uri": .string(uri(path)), "version": versions[path].map { .int($0) } ?? .null,
        ]),
        "edits": (edits[path] ?? []).jsonValue,
      ])
    }
    if let moving {
      changes.append(
        .object([
          "kind": .string("rename"), "oldUri": .string(uri(moving.from)),
          "newUri": .string(FileURI.uri(moving.to)),
        ]))
    }
    return .object(["documentChanges": .array(changes)])
  }

  /// Edits of the one document at `path`, each a range and its new text, as
  /// one `WorkspaceEdit`.
  func workspaceEdit(_ path: String, _ edits: [(TextRange, String)]) -> JSONValue {
    workspaceEdit([
      path: edits.map { TextEdit(range: $0.0, newText: $0.1) }
    ])
  }
}
