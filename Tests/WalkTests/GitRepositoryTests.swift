import Files
import Foundation
import TestSupport
import Testing

@testable import Walk

/// What a walk knows of the repository a folder is in, and the documents
/// a folder holds, as the language server's workspace asks for them.
@Suite struct GitRepositoryTests {
  /// `core.excludesFile` in the user's git config names the global file.
  @Test func excludesFileFromTheGitConfig() {
    let config = "[user]\n\tname = x\n[core]\n\texcludesFile = ~/my-ignore # mine\n"
    #expect(GitRepositoryProbe.excludesFile(config) == "~/my-ignore")
    #expect(
      GitRepositoryProbe.global(["HOME": "/h"], files: ["/h/.gitconfig": config]) == "/h/my-ignore")
    #expect(GitRepositoryProbe.global(["HOME": "/h"], files: [:]) == "/h/.config/git/ignore")
    #expect(
      GitRepositoryProbe.global(["HOME": "/h", "XDG_CONFIG_HOME": "/x"], files: [:])
        == "/x/git/ignore")
    #expect(GitRepositoryProbe.global([:], files: [:]) == nil)
  }

  /// The top is the nearest folder above holding `.git`, a folder or a
  /// file (a worktree's); none outside a repository.
  @Test func theTopIsTheNearestFolderHoldingGit() throws {
    try Fixtures.withTree(
      [
        "repo/.git/HEAD": "ref\n", "repo/docs/a.md": "# A\n", "tree/.git": "gitdir: x\n",
        "tree/b.md": "# B\n", "plain/c.md": "# C\n",
      ]
    ) { root in
      let files = SystemFiles()
      let top = SourceWalker.canonical(root.path)
      #expect(GitRepository.top(of: top + "/repo/docs", files: files) == top + "/repo")
      #expect(GitRepository.top(of: top + "/tree", files: files) == top + "/tree")
      #expect(GitRepository.top(of: top + "/plain", files: files).map { $0.hasPrefix(top) } != true)
    }
  }

  /// A folder's documents, as `isle check` walks it: in name order, the
  /// ignored and the hidden left out, the `.git` folder never read.
  @Test func aFoldersDocumentsAreWhatCheckWalks() throws {
    try Fixtures.withTree(
      [
        "w/.git/info/exclude": "drafts/\n", "w/.gitignore": "skip.md\n", "w/b.md": "# B\n",
        "w/a.md": "# A\n", "w/skip.md": "# S\n", "w/drafts/d.md": "# D\n",
        "w/.hidden/h.md": "# H\n", "w/sub/c.markdown": "# C\n", "w/notes.txt": "no\n",
      ]
    ) { root in
      let folder = root.appendingPathComponent("w").path
      let found = SourceWalker(fileSystem: SystemFiles()).documents(under: folder)
      #expect(found == ["a.md", "b.md", "sub/c.markdown"].map { folder + "/" + $0 })
    }
  }

  /// A folder's own names, as path completion lists them: the files of
  /// any extension and the folders, empty ones too, each by name, what
  /// the walk skips left out (ignored there or above, hidden, `.git`).
  @Test func aFoldersNamesAreWhatTheWalkWouldSee() throws {
    try Fixtures.withTree(
      [
        "w/.git/info/exclude": "drafts/\n", "w/.gitignore": "*.log\nbuild/\n",
        "w/docs/.gitignore": "old/\n", "w/docs/a.md": "# A\n", "w/docs/logo.png": "",
        "w/docs/x.log": "", "w/docs/old/o.md": "", "w/docs/sub/empty/.keep": "",
        "w/docs/drafts/d.md": "", "w/docs/build/b.md": "", "w/docs/.hidden/h.md": "",
        "w/docs/.h.md": "",
      ]
    ) { root in
      let walker = SourceWalker(fileSystem: SystemFiles())
      let docs = root.appendingPathComponent("w/docs").path
      let names = walker.names(in: docs)
      #expect(names.files == ["a.md", "logo.png"])
      #expect(names.folders == ["sub"])
      #expect(walker.names(in: docs + "/sub").folders == ["empty"])
      #expect(walker.names(in: docs + "/none").files.isEmpty)
      let all = SourceWalker(includeHidden: true, ignoring: false, fileSystem: SystemFiles())
      #expect(all.names(in: docs).folders == ["build", "drafts", "old", "sub", ".hidden"].sorted())
    }
  }
}

/// `GitRepository`'s config reading, given files as a dictionary.
enum GitRepositoryProbe {
  static func excludesFile(_ config: String) -> String? {
    GitRepository.excludesFile(in: config)
  }

  static func global(_ environment: [String: String], files: [String: String]) -> String? {
    GitRepository.globalExcludes(environment: environment, load: { files[$0] })
  }
}
