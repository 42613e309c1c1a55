import Files
import Links
import Outline
import Parallel

/// The files around the documents `isle check` reads, from the disk: what
/// each path is, and each target document's anchors, each looked up once
/// and kept (many links point to a few files), safe from several threads.
///
/// The documents of the walk are given beforehand; a document outside it
/// (a link out of the folder checked) is outlined on first use with the
/// same loader, so with the same slug flavour rules.
final class CheckTargets: LinkTargets {
  private let files: FileAccess
  private let loader: DocumentLoader
  private let kinds = Lock<[String: TargetKind]>([:])
  private let anchors = Lock<[String: DocumentAnchors?]>([:])

  /// Targets on `files`, with the anchors of the documents already read.
  init(files: FileAccess, loader: DocumentLoader, known: [String: DocumentAnchors]) {
    self.files = files
    self.loader = loader
    anchors.withLock { table in
      for (path, found) in known { table[path] = found }
    }
  }

  func kind(of path: String) -> TargetKind {
    if let known = kinds.withLock({ $0[path] }) { return known }
    let kind: TargetKind
    switch files.kind(path) {
    case .regular, .special: kind = .file
    case .directory: kind = .folder
    case .brokenLink, .missing: kind = .missing
    case .outside: kind = .outside
    }
    kinds.withLock { $0[path] = kind }
    return kind
  }

  func anchors(ofDocumentAt path: String) -> DocumentAnchors? {
    if let known = anchors.withLock({ $0[path] }) { return known }
    let found = (try? loader.load(.file(path)).outlined).map {
      DocumentAnchors($0.document, links: $0.links)
    }
    anchors.withLock { $0[path] = found }
    return found
  }
}
