import JSON
import JSONRPC
import Links
import Outline
import Workspace

/// The links to a file: who links to it (`textDocument/references` on a
/// link's path), and each of them rewritten before files or folders are
/// renamed or moved (`workspace/willRenameFiles`), every link read as
/// `isle check` resolves it.
extension LanguageServer {
  /// What the server asks to hear of, before it happens and after: the
  /// rename of any file or folder (`fileOperations.willRename` and
  /// `didRename`).
  static let fileOperations: JSONValue = {
    let filters = JSONValue.object([
      "filters": .array([
        .object(["scheme": .string("file"), "pattern": .object(["glob": .string("**/*")])])
      ])
    ])
    return .object(["willRename": filters, "didRename": filters])
  }()

  /// `workspace/didRenameFiles`: files and folders the client has moved.
  /// What the index knew under the old paths is forgotten, the documents
  /// now at the new ones are read, and the open documents are checked
  /// again: their links may have led to the old paths, or lead to the new.
  func didRenameFiles(_ params: RenameFilesParams) {
    for move in params.moves {
      let inside = move.old == "/" ? "/" : move.old + "/"
      for path in index.paths where path == move.old || path.hasPrefix(inside) {
        index.refresh(path, deleted: true)
      }
      let arrived =
        host.kind(of: move.new) == .folder ? host.documents(under: move.new) : [move.new]
      for path in arrived { index.refresh(path, deleted: false) }
    }
    state.withLock { state in state.diagnosticsDue.formUnion(state.open.keys) }
  }

  /// The bytes of a positioned link's path as written: its destination
  /// before the fragment or query.
  static func pathBytes(of link: LinkFact, in bytes: [UInt8]) -> Range<Int>? {
    guard link.role != .reference, let written = link.written, written.upperBound <= bytes.count
    else { return nil }
    let end = bytes[written].firstIndex { $0 == 0x23 || $0 == 0x3F } ?? written.upperBound
    return written.lowerBound..<end
  }

  // MARK: Links rewritten before files move

  /// The edit that keeps every link leading where it led once the files
  /// and folders of `params` are moved: in every document of the
  /// workspace, the path of each link to a moved file or into a moved
  /// folder, and of each relative link of a moved document; fragments
  /// and queries kept, as are `./`, a trailing `/` and `/` from the root,
  /// angle brackets where the link had them. One `WorkspaceEdit` (the
  /// editor applies it, and undoes it, as one), to the documents at their
  /// present paths, as the client applies it before it moves them; null
  /// when no link changes.
  func willRenameFiles(_ params: RenameFilesParams, _ request: Request) throws(ResponseError)
    -> JSONValue
  {
    let moves = MovedFiles(params.moves)
    guard waitForIndex(unless: { request.isCancelled }) else { throw .requestCancelled }
    let targets = self.targets()
    var edits: [String: [TextEdit]] = [:]
    for document in allFacts() {
      try request.checkCancelled()
      let newPath = moves.moved(document.path)
      var source: TextLines? = nil
      // A definition is one link however many uses it has: one edit each.
      var edited = Set<Int>()
      for link in document.links {
        guard
          let path = rewrittenPath(
            link, in: document, movedTo: newPath, moves: moves, targets: targets)
        else { continue }
        if source == nil { source = text(document.path) }
        guard let source, let range = Self.pathBytes(of: link, in: source.bytes),
          let spelled = Self.spelled(path, for: link, in: source.bytes),
          !source.bytes[range].elementsEqual(spelled.utf8), edited.insert(range.lowerBound).inserted
        else { continue }
        edits[document.path, default: []].append(
          TextEdit(range: source.range(of: range), newText: spelled))
      }
    }
    return edits.isEmpty ? .null : workspaceEdit(edits)
  }

  /// The path `link` is to have (not yet escaped) once `moves` are made
  /// and its document is at `newPath`, written as it was: `/` from the
  /// root, else relative, `./` and a trailing `/` kept; nil when it need
  /// not change.
  private func rewrittenPath(
    _ link: LinkFact, in document: DocumentFacts, movedTo newPath: String, moves: MovedFiles,
    targets: ServerTargets
  ) -> String? {
    guard link.role != .reference, link.isPositioned, case .file(_, _, let fromRoot) = link.target,
      let named = missing(link, in: document)?.path
    else { return nil }
    let target = moves.destination(ofLinkTo: named, targets: targets)
    let folder = LinkPath.folder(of: newPath)
    if target == named && (fromRoot || folder == LinkPath.folder(of: document.path)) {
      return nil
    }
    let root = self.root(of: document.path)
    var path: String
    if fromRoot && (target == root || target.hasPrefix(root == "/" ? "/" : root + "/")) {
      path = "/" + target.dropFirst(root.count).drop { $0 == "/" }
    } else if target == folder {
      path = "./"
    } else {
      path = Self.relativePath(from: folder, to: target)
      if Self.namedPath(link).hasPrefix("./") && !path.hasPrefix("../") { path = "./" + path }
    }
    if Self.namedPath(link).hasSuffix("/") && !path.hasSuffix("/") { path += "/" }
    return settings.written(path)
  }

  /// The path part of `link`'s destination as cmark gave it (escapes
  /// resolved, before the fragment or query).
  private static func namedPath(_ link: LinkFact) -> Substring {
    let destination = link.link.destination
    return destination[
      ..<(destination.firstIndex { $0 == "#" || $0 == "?" } ?? destination.endIndex)]
  }

  /// `path` written for `link`'s destination in `bytes`: for an HTML
  /// attribute, percent-encoded; in the angle brackets the link has, with
  /// `<`, `>` and `\` escaped; else as completion writes a path (`%20`,
  /// `%25`, the parentheses that do not pair escaped). A `#` or `?` in a
  /// name is percent-encoded, or it would start a fragment or a query.
  static func spelled(_ path: String, for link: LinkFact, in bytes: [UInt8]) -> String? {
    guard let written = link.written else { return nil }
    if link.link.kind == .html || link.link.kind == .htmlImage {
      var out: [UInt8] = []
      for byte in path.utf8 {
        if byte <= 0x20 || byte == 0x7F || "\"'<>%#?&".utf8.contains(byte) {
          out += Array("%\(byte < 0x10 ? "0" : "")\(String(byte, radix: 16, uppercase: true))".utf8)
        } else {
          out.append(byte)
        }
      }
      return String(decoding: out, as: UTF8.self)
    }
    let angled =
      written.lowerBound > 0 && bytes[written.lowerBound - 1] == 0x3C
      && written.upperBound < bytes.count && bytes[written.upperBound] == 0x3E
    return path.split(separator: "#", omittingEmptySubsequences: false).map { piece in
      piece.split(separator: "?", omittingEmptySubsequences: false).map {
        escapedPath(String($0), angled: angled)
      }.joined(separator: "%3F")
    }.joined(separator: "%23")
  }
}

/// `workspace/willRenameFiles`: the files and folders about to be renamed
/// or moved, each from its old `file:` URI to its new one.
struct RenameFilesParams: MethodParams {
  var moves: [(old: String, new: String)] = []

  init(_ json: JSONValue) throws(ResponseError) {
    guard let files = json["files"]?.array else {
      throw .invalidParams("willRenameFiles needs files, each with an oldUri and a newUri")
    }
    for file in files {
      guard let old = file["oldUri"]?.string, let new = file["newUri"]?.string else {
        throw .invalidParams("willRenameFiles needs files, each with an oldUri and a newUri")
      }
      let from = try LanguageServer.path(old)
      let to = try LanguageServer.path(new)
      moves.append((old: from, new: to))
    }
  }
}
