import JSONRPC
import Links
import Outline
import Workspace

/// The documents: opened, edited, closed and saved in the editor, changed
/// on disk; and the facts of any of them, from the editor's text when it
/// is open, else from the disk.
extension LanguageServer {
  func didOpen(_ params: DidOpenParams) {
    let document = OpenDocument(
      uri: params.uri, path: params.path, version: params.version,
      text: TextLines(Array(params.text.utf8)))
    state.withLock { state in
      state.open[params.path] = document
      state.diagnosticsDue.insert(params.path)
    }
    dependentsDue(of: params.path)
  }

  func didChange(_ params: DidChangeParams) throws(ResponseError) {
    let path = params.path
    // Edited where it is, under the lock: taken out meanwhile, it would be
    // missing for a request answered aside (read from the disk, or not at
    // all); and changed in place, its text is not copied for each change.
    let isOpen = state.withLock { state in
      guard state.open[path] != nil else { return false }
      for change in params.changes { state.open[path]!.apply(change) }
      state.open[path]!.version = params.version ?? state.open[path]!.version + 1
      state.diagnosticsDue.insert(path)
      return true
    }
    guard isOpen else {
      throw .invalidParams("didChange of a document that is not open: \(path)")
    }
    if let failure = params.unread { throw failure }
    dependentsDue(of: path)
  }

  func didClose(_ params: DocumentParams) {
    let path = params.path
    // Under the publishing lock: diagnostics found meanwhile for the
    // version that closes are not published after these.
    publishing.withLock { _ in
      let (uri, wasPublished) = state.withLock { state in
        let uri = state.open.removeValue(forKey: path)?.uri
        state.diagnosticsDue.remove(path)
        return (uri, state.published.remove(path) != nil)
      }
      if let uri, wasPublished {
        notify(
          "textDocument/publishDiagnostics",
          PublishedDiagnostics(uri: uri, version: nil, diagnostics: []))
      }
    }
    // The disk's version is the one that counts again (none outside the
    // folders).
    index.refresh(path, deleted: !insideFolders(path) || host.kind(of: path) == .missing)
    dependentsDue(of: path)
  }

  func didSave(_ params: DocumentParams) {
    index.refresh(params.path, deleted: !insideFolders(params.path))
    state.withLock { _ = $0.diagnosticsDue.insert(params.path) }
  }

  func didChangeWatchedFiles(_ params: WatchedFilesParams) {
    for (path, deleted) in params.changes {
      index.refresh(path, deleted: deleted || !insideFolders(path))
      dependentsDue(of: path)
    }
  }

  /// Every open document is checked again when another one changes: its
  /// links may point there. (Checking is cheap beside the editor's pace.)
  private func dependentsDue(of path: String) {
    state.withLock { state in
      for other in state.open.keys where other != path { state.diagnosticsDue.insert(other) }
    }
  }

  // MARK: Facts

  /// The path of a `file:` URI, tidied.
  static func path(_ uri: String) throws(ResponseError) -> String {
    guard let path = FileURI.path(uri) else {
      throw .invalidParams("only file: URIs are read, not \(uri)")
    }
    return LinkPath.tidied(path)
  }

  /// The URI the client knows `path` by.
  func uri(_ path: String) -> String {
    openDocument(path)?.uri ?? FileURI.uri(path)
  }

  /// The open document at `path`: as the request being answered found it
  /// (`RequestSnapshot`), else as it is now.
  func openDocument(_ path: String) -> OpenDocument? {
    if let snapshot = RequestSnapshot.current { return snapshot.open[path] }
    return state.withLock { $0.open[path] }
  }

  /// The paths of the open documents, sorted, as `openDocument` finds them.
  func openPaths() -> [String] {
    if let snapshot = RequestSnapshot.current { return snapshot.open.keys.sorted() }
    return state.withLock { Array($0.open.keys) }.sorted()
  }

  /// The facts of the document at `path`: the editor's version when it is
  /// open (outlined once per version), else the disk's; within a request,
  /// the same each time it is asked for.
  func facts(_ path: String) -> DocumentFacts? {
    guard let snapshot = RequestSnapshot.current else { return currentFacts(path) }
    return RequestSnapshot.kept(snapshot.facts, path) { currentFacts(path) }
  }

  private func currentFacts(_ path: String) -> DocumentFacts? {
    guard let document = openDocument(path) else {
      return insideFolders(path) ? index.facts(path) : nil
    }
    return facts(of: document)
  }

  /// The facts of an open document's version, outlined whole with its
  /// links the first time they are asked for.
  func facts(of document: OpenDocument) -> DocumentFacts? {
    if let known = document.facts { return known }
    // One at a time: the diagnostics' thread and a request's may both ask
    // for a version's facts, which the first one finds.
    return findingLinks.withLock { _ in
      let known = state.withLock { state in
        state.open[document.path].flatMap { $0.version == document.version ? $0.facts : nil }
      }
      if let known { return known }
      let facts = DocumentFacts.outline(
        document.text, path: document.path,
        options: host.outlineOptions(forDocumentAt: document.path))
      state.withLock { state in
        if state.open[document.path]?.version == document.version {
          state.open[document.path]?.facts = facts
        }
      }
      return facts
    }
  }

  /// The outline of the document at `path`: for an open document, its
  /// `LiveOutline` brought up to the editor's version (only the pieces
  /// the edits since touched parsed again), once per version; else the
  /// disk's, from the index.
  func outlineFacts(_ path: String) -> OutlineFacts? {
    guard let snapshot = RequestSnapshot.current else { return currentOutline(path) }
    return RequestSnapshot.kept(snapshot.outlines, path) { currentOutline(path) }
  }

  private func currentOutline(_ path: String) -> OutlineFacts? {
    guard let document = openDocument(path) else {
      return insideFolders(path) ? index.facts(path)?.outline : nil
    }
    if let known = document.outline { return known }
    if let facts = document.facts { return facts.outline }
    // The definitions are found only for symbols that list them.
    let options = OutlineFacts.options(
      host.outlineOptions(forDocumentAt: path), links: false,
      definitions: settings.definitionSymbols)
    var live = document.live
    do {
      if var kept = live, let pending = document.pending {
        try kept.edit(
          document.text.bytes, replacing: pending.old, with: pending.count,
          lines: document.text.lines)
        live = kept
      } else if live == nil {
        live = try LiveOutline(
          document.text.bytes, path: path, options: options, lines: document.text.lines,
          pieceSize: pieceSize)
      }
    } catch {
      return nil
    }
    guard let live else { return nil }
    let facts = OutlineFacts(
      path: path, document: live.document, text: document.text, definitions: live.definitions)
    state.withLock { state in
      guard state.open[path]?.version == document.version else { return }
      state.open[path]?.live = live
      state.open[path]?.pending = nil
      state.open[path]?.outline = facts
    }
    return facts
  }

  /// The outline of the document at `path`; an error when it cannot be
  /// read.
  func outline(_ path: String) throws(ResponseError) -> OutlineFacts {
    guard let facts = outlineFacts(path) else { throw .invalidParams("cannot read \(path)") }
    return facts
  }

  /// The facts of the document at `path`; an error when it cannot be read.
  func loadFacts(_ path: String) throws(ResponseError) -> DocumentFacts {
    guard let facts = facts(path) else { throw .invalidParams("cannot read \(path)") }
    return facts
  }

  /// The editor's text of an open document, or the disk's; within a
  /// request, the same each time it is asked for.
  func text(_ path: String) -> TextLines? {
    if let open = openDocument(path)?.text { return open }
    guard insideFolders(path) else { return nil }
    guard let snapshot = RequestSnapshot.current else { return host.load(path).map(TextLines.init) }
    return RequestSnapshot.kept(snapshot.texts, path) { host.load(path).map(TextLines.init) }
  }

  /// Every document the server knows: the workspace's as indexed, with
  /// the open ones as the editor has them (and open ones outside it).
  func allFacts() -> [DocumentFacts] {
    let openPaths = openPaths()
    let openSet = Set(openPaths)
    var indexed = index.documents.filter { !openSet.contains($0.path) }
    if let snapshot = RequestSnapshot.current {
      // The ones this request has read already, as it read them.
      indexed = indexed.compactMap { found in
        RequestSnapshot.kept(snapshot.facts, found.path) { found }
      }
    }
    return indexed + openPaths.compactMap(facts)
  }

  /// The outline of every document the server knows, as `allFacts`.
  func allOutlines() -> [OutlineFacts] {
    let openPaths = openPaths()
    let openSet = Set(openPaths)
    return index.documents.filter { !openSet.contains($0.path) }.map(\.outline)
      + openPaths.compactMap(outlineFacts)
  }

  /// What links resolve against: open documents as the editor has them.
  func targets() -> ServerTargets {
    let openPaths = openPaths()
    var anchors: [String: DocumentAnchors] = [:]
    for path in openPaths { anchors[path] = facts(path)?.anchors }
    return ServerTargets(host: host, index: index, open: anchors) { [self] in insideFolders($0) }
  }
}
