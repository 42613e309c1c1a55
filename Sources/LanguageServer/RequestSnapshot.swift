import Parallel
import Workspace

/// The documents one request is answered from: the open ones as they were
/// when it came, and each document's facts, outline and text as first read
/// for it, kept to the request's end. Edits that come meanwhile change the
/// server's documents, never these, so a heading's index or a link's
/// offsets found in one version are never looked up in another's (the
/// request is answered `ContentModified` when its document has changed).
///
/// A request's handler reaches it as `RequestSnapshot.current`, bound for
/// the length of its answer (`LanguageServer.respond`): the documents'
/// accessors (`facts`, `text`, `outlineFacts`, `uri`) read from it when
/// it is there, and from the server's state when not (diagnostics).
final class RequestSnapshot: Sendable {
  /// The open documents, by path, when the request came.
  let open: [String: OpenDocument]
  let facts = Lock<[String: DocumentFacts?]>([:])
  let outlines = Lock<[String: OutlineFacts?]>([:])
  let texts = Lock<[String: TextLines?]>([:])

  /// The snapshot of the request being answered on this thread.
  @TaskLocal static var current: RequestSnapshot?

  init(open: [String: OpenDocument]) {
    self.open = open
  }

  /// What `table` keeps for `path`, else `make`'s, kept.
  static func kept<Value: Sendable>(
    _ table: Lock<[String: Value?]>, _ path: String, _ make: () -> Value?
  ) -> Value? {
    if let known = table.withLock({ $0[path] }) { return known }
    let made = make()
    return table.withLock { table in
      if let known = table[path] { return known }
      table[path] = .some(made)
      return made
    }
  }
}
