import Files

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

extension TargetKind {
  /// What a link finds at a path of `kind`: a FIFO, a socket or a device
  /// is a file, a broken link nothing.
  public init(_ kind: FileKind) {
    switch kind {
    case .regular, .special: self = .file
    case .directory: self = .folder
    case .brokenLink, .missing: self = .missing
    case .outside: self = .outside
    }
  }
}

/// A document as one site renders it, for `check --sites`: the site's
/// name, the anchors a fragment finds there, and each heading's id in
/// document order (the same headings on every site, so the same index is
/// the same heading).
public struct SiteRendering: Sendable {
  public var site: String
  public var anchors: DocumentAnchors
  public var headingIds: [String?]

  public init(site: String, anchors: DocumentAnchors, headingIds: [String?]) {
    self.site = site
    self.anchors = anchors
    self.headingIds = headingIds
  }
}

/// The sites a document is published to, each rendering it.
public protocol SiteTargets: LinkTargets {
  /// The document at `path` as each site renders it, in the order the
  /// sites were named; empty when it is no Markdown document (an HTML
  /// page's ids are its own on every site) or cannot be read.
  func renderings(ofDocumentAt path: String) -> [SiteRendering]
}
