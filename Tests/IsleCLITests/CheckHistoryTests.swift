import Foundation
import Testing

/// `isle check` with git's history: a renamed heading's old anchor
/// suggested as its new id (and written by `--fix`), and `--changed REF`,
/// on scratch repositories made with the git on the PATH.
@Suite struct CheckHistoryTests {
  /// Runs `script` with bash in a new scratch repository (git with a name
  /// and an address set, `commit` a function that commits everything).
  func inRepository(_ script: String) throws -> (status: Int32, stdout: String, stderr: String) {
    var result: (status: Int32, stdout: String, stderr: String) = (0, "", "")
    try Harness.withTree([:]) { root in
      result = try Harness.shell(
        """
        set -e; cd '\(root.path)'; git init -q .
        export GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@t GIT_COMMITTER_NAME=t GIT_COMMITTER_EMAIL=t@t
        commit() { git add -A && git commit -qm "$1"; }
        \(script)
        """)
    }
    return result
  }

  static let documents = """
    printf '# Doc\\n\\n## Old Name\\n\\nText.\\n\\n## Old Game\\n' > a.md
    printf '# B\\n\\nSee [the name](a.md#old-name).\\n' > b.md
    commit one
    """

  @Test func aRenamedHeadingIsSuggestedFromHistoryOverTheClosestIdAndFixed() throws {
    let run = try inRepository(
      Self.documents + """

        sed -i 's/## Old Name/## New Name/' a.md; commit rename
        echo "commit $(git rev-parse --short HEAD)"
        isle check b.md || echo "status $?"
        isle check --format json b.md | jq -c '[.suggestion, .renamed]'
        isle check --fix b.md || echo "status $?"
        cat b.md
        rm -rf .git; printf '# B\\n\\nSee [the name](a.md#old-name).\\n' > b.md
        isle check b.md || echo "status $?"
        """)
    let lines = run.stdout.split(separator: "\n").map(String.init)
    let commit = String(try #require(lines.first, "\(run.stderr)").dropFirst("commit ".count))
    #expect(
      Array(lines.dropFirst()) == [
        "b.md:3:5: no heading #old-name in a.md (did you mean #new-name? the heading was renamed in \(commit))",
        "status 1",
        "[\"new-name\",\"\(commit)\"]",
        "b.md:3:5: fixed #old-name to #new-name",
        "# B", "See [the name](a.md#new-name).",
        // Without history, the closest id.
        "b.md:3:5: no heading #old-name in a.md (did you mean #old-game?)",
        "status 1",
      ], "\(run.stderr)")
  }

  @Test func renamesAreFollowedToTheLastOneTheWorkingTreesToo() throws {
    let run = try inRepository(
      Self.documents + """

        sed -i 's/## Old Name/## Middle Name/' a.md; commit one
        sed -i 's/## Middle Name/## New Name/' a.md; commit two
        git rev-parse --short HEAD
        isle check b.md || true
        sed -i 's/## New Name/## Newest Name/' a.md
        isle check b.md || true
        """)
    let lines = run.stdout.split(separator: "\n").map(String.init)
    let commit = try #require(lines.first, "\(run.stderr)")
    #expect(
      Array(lines.dropFirst()) == [
        "b.md:3:5: no heading #old-name in a.md (did you mean #new-name? the heading was renamed in \(commit))",
        "b.md:3:5: no heading #old-name in a.md (did you mean #newest-name? the heading was renamed in the working tree)",
      ], "\(run.stderr)")
  }

  @Test func changedChecksTheDocumentsThatDifferAndTheLinksIntoThem() throws {
    let run = try inRepository(
      """
      printf '# A\\n\\n## Setup\\n\\n[bad](#nowhere)\\n' > a.md
      printf '# B\\n\\n[a](a.md#setup) [bad](#zzz) [c](c.md)\\n' > b.md
      printf '# C\\n\\n[bad](#nope)\\n' > c.md
      printf '# D\\n\\n[bad](#none)\\n' > d.md
      commit one
      isle check --changed HEAD . && echo "none changed"
      sed -i 's/## Setup/## Set up/' a.md
      git rm -q c.md
      printf '# E\\n\\n[bad](#new)\\n' > e.md
      isle check --changed HEAD . || echo "status $?"
      isle check --changed nosuch . 2>&1 || echo "status $?"
      """)
    #expect(
      run.stdout.split(separator: "\n").dropLast(2) == [
        "none changed",
        "./a.md:5:1: no heading #nowhere in ./a.md",
        "./b.md:3:1: no heading #setup in a.md (did you mean #set-up? the heading was renamed in the working tree)",
        "./b.md:3:29: no file c.md",
        "./e.md:3:1: no heading #new in ./e.md",
        "status 1",
      ], "\(run.stderr)")
    let last = run.stdout.split(separator: "\n").suffix(2).map(String.init)
    #expect(last.first?.hasPrefix("isle: error: --changed nosuch: no commit nosuch in ") == true)
    #expect(last.last == "status 2")
  }

  @Test func changedOutsideARepositoryIsAnError() throws {
    try Harness.withTree(["a.md": "# A\n"]) { root in
      let outcome = Harness.run(["check", "--changed", "HEAD", root.path + "/a.md"])
      #expect(outcome.status == 2)
      #expect(outcome.stderr.hasPrefix("isle: error: --changed HEAD: fatal: not a git repository"))
      #expect(outcome.stderr.split(separator: "\n").count == 1, "\(outcome.stderr)")
    }
  }
}
