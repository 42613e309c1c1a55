import Foundation
import Testing

/// The GitHub Actions workflow and the pre-commit hook doc/check.md shows,
/// run as far as they can be here: the workflow's `isle` steps as written
/// in a scratch repository with GitHub's variables set (the upload needs
/// GitHub: its input is validated instead), the hook installed and
/// committed through.
@Suite struct CheckCIDocTests {
  /// The first fenced block of `language` after the heading `heading` of
  /// doc/check.md.
  static func block(after heading: String, _ language: String) throws -> String {
    let guide = try String(
      contentsOf: Harness.root.appendingPathComponent("doc/check.md"), encoding: .utf8)
    let section = try #require(guide.range(of: "\n" + heading + "\n"), "no \(heading)")
    let open = try #require(guide.range(of: "```\(language)\n", range: section.upperBound..<guide.endIndex))
    let close = try #require(guide.range(of: "\n```\n", range: open.upperBound..<guide.endIndex))
    return String(guide[open.upperBound..<close.lowerBound]) + "\n"
  }

  /// A scratch repository: a base commit (as `origin/main`), then a change
  /// that renames a heading the README links to and adds a broken link.
  static let repository = """
    set -e; git init -q .
    export GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@t GIT_COMMITTER_NAME=t GIT_COMMITTER_EMAIL=t@t
    mkdir docs
    printf '# R\\n\\n[setup](docs/a.md#setup) [old](docs/old.md#gone) [url](https://github.com/o/r/blob/main/docs/a.md#nope)\\n' > README.md
    printf '# A\\n\\n## Setup\\n' > docs/a.md
    printf '# Old\\n' > docs/old.md
    git add -A; git commit -qm base; git update-ref refs/remotes/origin/main HEAD
    sed -i 's/## Setup/## Set up/' docs/a.md
    printf '# B\\n\\n[a](a.md#set-up) [bad](#nowhere)\\n' > docs/b.md
    git add -A; git commit -qm change
    """

  @Test func theWorkflowsIsleStepsRunAndGiveTheUploadAValidLog() throws {
    try CheckFormatsTests.requireTools()
    let workflow = try Self.block(after: "### In GitHub Actions, with code scanning", "yaml")
    try Harness.withTree(["workflow.yml": workflow]) { root in
      // The steps as GitHub runs them (bash -eo pipefail), each its status.
      let steps = #"""
        import yaml, sys, json
        flow = yaml.safe_load(open(sys.argv[1]))
        assert flow["permissions"]["security-events"] == "write", flow["permissions"]
        steps = flow["jobs"]["links"]["steps"]
        upload = [s for s in steps if s.get("uses", "").startswith("github/codeql-action/upload-sarif@")]
        assert len(upload) == 1 and "failure()" in upload[0]["if"], upload
        sarif = [s for s in steps if "--format sarif" in s.get("run", "")]
        assert len(sarif) == 1 and sarif[0]["run"].endswith("> " + upload[0]["with"]["sarif_file"]), sarif
        for step in steps:
            if step.get("run", "").startswith("isle "):
                print(json.dumps(step["run"]))
        """#
      let run = try Harness.shell(
        """
        cd '\(root.path)' && mkdir repo && cd repo && \(Self.repository)
        python3 - ../workflow.yml > ../steps <<'EOF'
        \(steps)
        EOF
        export GITHUB_SERVER_URL=https://github.com GITHUB_REPOSITORY=o/r GITHUB_BASE_REF=main
        while read -r step; do
          command=$(python3 -c 'import json,sys; print(json.loads(sys.argv[1]))' "$step")
          set +e; bash --noprofile --norc -eo pipefail -c "$command"; echo "status $?"; set -e
        done < ../steps
        python3 -c "
        import json, jsonschema
        log = json.load(open('isle.sarif'))
        jsonschema.Draft4Validator(json.load(open('\(CheckFormatsTests.schema)'))).validate(log)
        for r in log['runs'][0]['results']:
            print(r['locations'][0]['physicalLocation']['artifactLocation']['uri'], r['ruleId'])
        "
        """)
      #expect(
        run.stdout.split(separator: "\n") == [
          "::error file=./README.md,line=3,col=1,title=isle check no-heading::no heading #setup in docs/a.md (did you mean #set-up? the heading was renamed in \(try commit(run.stdout)))",
          "::error file=./docs/b.md,line=3,col=18,title=isle check no-heading::no heading #nowhere in ./docs/b.md",
          "status 1",
          "status 1",
          "README.md no-heading", "README.md no-heading", "README.md no-heading", "docs/b.md no-heading",
        ], "\(run.stderr)")
    }
  }

  /// The commit the workflow's annotation names, from its text.
  func commit(_ text: String) throws -> String {
    let after = try #require(text.range(of: "renamed in "))
    return String(text[after.upperBound...].prefix { $0 != ")" })
  }

  @Test func theHookStopsACommitWithABrokenLinkAndLetsAMendedOneThrough() throws {
    let hook = try Self.block(after: "### As a pre-commit hook", "sh")
    try Harness.withTree(["hook": hook]) { root in
      let run = try Harness.shell(
        """
        cd '\(root.path)' && mkdir repo && cd repo
        git init -q .; export GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@t GIT_COMMITTER_NAME=t GIT_COMMITTER_EMAIL=t@t
        cp ../hook .git/hooks/pre-commit; chmod +x .git/hooks/pre-commit
        printf '# A\\n\\n## Setup\\n\\n[bad](#nowhere)\\n' > a.md; git add -A
        git commit -qm first 2>&1 || echo "refused"
        printf '# A\\n\\n## Setup\\n\\n[good](#setup)\\n' > a.md; git add -A
        git commit -qm first && echo "committed"
        printf '# B\\n\\n[a](a.md#setup)\\n' > b.md; git add -A; git commit -qm b && echo "committed"
        sed -i 's/## Setup/## Set up/' a.md; git add -A
        git commit -qm rename 2>&1 || echo "refused"
        isle check --fix . > /dev/null; git add -A; git commit -qm rename && echo "committed"
        """)
      let renamed = "(did you mean #set-up? the heading was renamed in the working tree)"
      #expect(
        run.stdout.split(separator: "\n") == [
          "./a.md:5:1: no heading #nowhere in ./a.md", "refused", "committed", "committed",
          "./a.md:5:1: no heading #setup in ./a.md \(renamed)",
          "./b.md:3:1: no heading #setup in a.md \(renamed)", "refused", "committed",
        ], "\(run.stdout)\(run.stderr)")
    }
  }
}
