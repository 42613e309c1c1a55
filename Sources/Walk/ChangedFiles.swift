/// The files a change touched since a git ref, for `check --changed REF`:
/// what `git diff --name-only --no-renames` finds between the commit and
/// the working tree (committed, staged and unstaged changes; a file
/// deleted or renamed away too, so links into it are checked), and the
/// untracked files git does not ignore. Paths are absolute, from the
/// repository's top as git prints it.
public struct ChangedFiles: Sendable {
  /// Why the files could not be listed.
  public enum GitError: Error, Sendable, Equatable {
    /// git is not installed.
    case noGit
    /// git said no: not a repository, no such commit. Its first line.
    case git(String)
  }

  /// The repository's top, as git gives it.
  public let top: String
  /// Every path touched, absolute.
  public let paths: Set<String>

  /// The files touched since `ref` in the repository `folder` is in.
  public init(since ref: String, in folder: String) throws(GitError) {
    func git(_ arguments: [String], in directory: String) throws(GitError) -> [UInt8] {
      guard let outcome = GitProcess.run(arguments, in: directory) else { throw .noGit }
      guard outcome.status == 0 else { throw .git(outcome.firstError) }
      return outcome.output
    }
    let topLine = try git(["rev-parse", "--show-toplevel"], in: folder)
    let top = String(decoding: topLine, as: UTF8.self).trimmingSuffix("\n")
    let commit = try? git(
      ["rev-parse", "--verify", "--quiet", "--end-of-options", ref + "^{commit}"], in: top)
    guard let commit, !commit.isEmpty else { throw .git("no commit \(ref) in \(top)") }
    let sha = String(decoding: commit, as: UTF8.self).trimmingSuffix("\n")
    let changed = try git(["diff", "--name-only", "-z", "--no-renames", sha, "--"], in: top)
    let untracked = try git(["ls-files", "-z", "--others", "--exclude-standard", "--full-name"], in: top)
    self.top = top
    paths = Set(
      (changed.split(separator: 0) + untracked.split(separator: 0)).map {
        top + "/" + String(decoding: $0, as: UTF8.self)
      })
  }
}

extension String {
  /// The text without `suffix` at its end (once), else as it is.
  func trimmingSuffix(_ suffix: String) -> String {
    hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
  }
}
