import Workspace

/// What the server holds between messages: where it is in its life, the
/// workspace's folders, the documents open in the editor, and which of
/// them await new diagnostics.
struct ServerState: Sendable {
  /// Where the server is in the protocol's lifecycle.
  enum Phase: Sendable {
    /// Before `initialize`: every request but it is refused.
    case starting
    case running
    /// After `shutdown`: only `exit` is read.
    case shutDown
  }

  var phase = Phase.starting
  var folders: [String] = []
  /// The folders as real paths (`ServerConfinement`).
  var realFolders: [String] = []
  /// The open documents, by path.
  var open: [String: OpenDocument] = [:]
  /// Open documents whose diagnostics are to be published once the
  /// messages waiting are handled (a burst of keystrokes is checked once).
  var diagnosticsDue: Set<String> = []
  /// Documents whose diagnostics were published non-empty (to clear them).
  var published: Set<String> = []
  /// Code lenses with each section's reading time (`initializationOptions`
  /// `{"codeLens": true}`): off by default.
  var codeLens = false
  /// The client takes a tree of symbols.
  var hierarchicalSymbols = true
  /// The client registers file watchers when asked.
  var watchesFiles = false
  /// What the client has set (`initializationOptions`,
  /// `workspace/didChangeConfiguration`).
  var settings = ServerSettings()
  /// The client takes a `WorkspaceEdit` as `documentChanges`, versioned.
  var documentChanges = false
  /// The client shows work done progress the server starts (the index's).
  var showsProgress = false
}
