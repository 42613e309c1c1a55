import Links
import Workspace

/// The files links point to, as the server sees them: a document open in
/// the editor as it stands there, else as on disk.
struct ServerTargets: LinkTargets {
  let host: WorkspaceHost
  let index: WorkspaceIndex
  /// The anchors of the open documents, by path.
  let open: [String: DocumentAnchors]
  /// True when a path not open leads inside the workspace's folders:
  /// nothing is known of the others (`ServerConfinement`).
  let inside: @Sendable (String) -> Bool

  func kind(of path: String) -> TargetKind {
    if open[path] != nil { return .file }
    return inside(path) ? host.kind(of: path) : .outside
  }

  func anchors(ofDocumentAt path: String) -> DocumentAnchors? {
    if let anchors = open[path] { return anchors }
    return inside(path) ? index.facts(path)?.anchors : nil
  }
}
