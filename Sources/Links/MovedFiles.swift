/// Files and folders about to be renamed or moved, each old path with its
/// new one: where a path is once they are moved, and where a link is then
/// to lead. The language server rewrites links with it before an editor
/// renames files.
public struct MovedFiles: Sendable {
  /// The moves, the longest old path first: a file moved out of a folder
  /// that moves too goes where its own move says.
  private let moves: [(old: String, new: String)]

  /// The moves of `pairs`, each an absolute, tidied old path and new path.
  public init(_ pairs: [(old: String, new: String)]) {
    moves = pairs.sorted { $0.old.utf8.count > $1.old.utf8.count }
  }

  /// Where `path` is once the moves are made: a moved file's new path, a
  /// path under a moved folder under the folder's new path; else `path`.
  public func moved(_ path: String) -> String {
    for move in moves {
      if path == move.old { return move.new }
      let folder = move.old == "/" ? "/" : move.old + "/"
      if path.hasPrefix(folder) { return move.new + "/" + path.dropFirst(folder.count) }
    }
    return path
  }

  /// Where a link naming `path` is to lead once the moves are made:
  /// `path` moved; or, for an `x.html` that is not there and resolves to
  /// the `x.md` beside it (as `isle check` resolves it), the moved `.md`
  /// file's `.html` name, so that the link keeps leading to it.
  public func destination(ofLinkTo path: String, targets: LinkTargets) -> String {
    let moved = moved(path)
    guard moved == path, let suffix = LinkPath.pathExtension(path),
      suffix == "html" || suffix == "htm"
    else { return moved }
    let markdown = String(path.dropLast(suffix.count)) + "md"
    let movedMarkdown = self.moved(markdown)
    guard movedMarkdown != markdown, movedMarkdown.hasSuffix(".md"),
      LinkChecker(root: "/").resolve(path, targets: targets)?.0 == markdown
    else { return moved }
    return String(movedMarkdown.dropLast(2)) + suffix
  }
}
