import Links
import Workspace

/// The files links point to, as the server sees them: a document open in
/// the editor as it stands there, else as on disk.
struct ServerTargets: LinkTargets {
  let host: WorkspaceHost
  let index: WorkspaceIndex
  /// The anchors of the open documents, by path.
  let open: [String: DocumentAnchors]

  func kind(of path: String) -> TargetKind {
    open[path] != nil ? .file : host.kind(of: path)
  }

  func anchors(ofDocumentAt path: String) -> DocumentAnchors? {
    open[path] ?? index.facts(path)?.anchors
  }
}
