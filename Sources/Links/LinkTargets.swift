/// What checking links asks of the files around a document: whether a
/// path is a file or a folder, and the anchors of a document. The command
/// line answers from the disk; a language server may answer from the
/// documents open in the editor.
public protocol LinkTargets: Sendable {
  /// What is at `path` (links followed).
  func kind(of path: String) -> TargetKind
  /// The anchors of the document at `path`; nil when it cannot be read
  /// (its fragments are then not checked).
  func anchors(ofDocumentAt path: String) -> DocumentAnchors?
}

/// What a path names.
public enum TargetKind: Sendable, Equatable {
  case missing
  case file
  case folder
  /// Out of the folders a server keeps to: nothing is known of it.
  case outside
}
