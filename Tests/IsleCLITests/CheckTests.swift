import Foundation
import Testing

@testable import IsleCLI

/// `isle check` on scratch trees of our own: what a user sees, exit codes,
/// JSON, `--fix`, `--root` and `--repository-url`.
@Suite struct CheckTests {
  static let tree: [String: String] = [
    ".git/HEAD": "ref: refs/heads/main\n",
    "README.md": """
    # Project

    See [install](#instalation), [guide](docs/guide.md#setup), [gone](docs/gone.md).
    [site](docs/guide.html#usage) [folder](docs/sub#deep) [up](docs/sub/../guide.md)
    [ref one][r] and [r] again, ![logo](logo.png#gh-dark-mode-only)

    ## Installation

    <a name="custom"></a>
    Text with <a href="#nowhere">inline html</a> and [c](#custom).

    [r]: docs/guide.md#set-up
    """,
    "docs/guide.md": """
    # Guide

    ## Setup

    ## Usage

    [back](../README.md#installation) [root](/README.md#project) [out](../../elsewhere.md)
    """,
    "docs/sub/README.md": "# Sub\n\n## Deep\n",
    "docs/page.html": """
    <!doctype html><h1 id="top-title">T</h1><a href="guide.md#usage">u</a>
    <a href="guide.md#missing">m</a><img src="nope.png">
    """,
  ]

  /// `isle check` with `options`, on `files` inside the scratch tree.
  func check(_ options: [String] = [], _ files: [String], in root: URL) -> Harness.Outcome {
    Harness.run(["check"] + options + files.map { root.path + "/" + $0 })
  }

  /// Output with the scratch folder's path taken out.
  func lines(_ outcome: Harness.Outcome, _ root: URL) -> [String] {
    outcome.stdout.replacingOccurrences(of: root.path + "/", with: "").split(separator: "\n")
      .map(String.init)
  }

  @Test func brokenLinksAreListedByFileAndLineAndExitOne() throws {
    try Harness.withTree(Self.tree) { root in
      let outcome = check([], ["README.md", "docs"], in: root)
      #expect(outcome.status == 1, "\(outcome.stderr)")
      #expect(
        lines(outcome, root) == [
          "README.md:3:5: no heading #instalation in README.md (did you mean #installation?)",
          "README.md:3:60: no file docs/gone.md",
          "README.md:5:1: no heading #set-up in docs/guide.md (did you mean #setup?)",
          "README.md:5:29: no file logo.png#gh-dark-mode-only",
          "README.md:10:11: no heading #nowhere in README.md",
          "docs/guide.md:7:62: no file ../../elsewhere.md",
          "docs/page.html:2:1: no heading #missing in docs/guide.md",
          "docs/page.html:2:33: no file nope.png",
        ])
    }
  }

  @Test func aTreeWhoseLinksAllResolveExitsZeroAndSaysNothing() throws {
    try Harness.withTree([
      "a.md": "# A\n\n## Dup\n\n## Dup\n\n[x](#dup-1) [y](b/) [z](b/index.html#b) [w](c.html)",
      "b/index.md": "# B\n", "c.md": "# C\n",
    ]) { root in
      let outcome = check([], ["."], in: root)
      #expect(outcome.status == 0, "\(outcome.stdout)\(outcome.stderr)")
      #expect(outcome.stdout.isEmpty)
    }
  }

  @Test func jsonIsOneObjectPerBrokenLink() throws {
    try Harness.withTree(Self.tree) { root in
      let outcome = check(["--format", "json"], ["docs/page.html"], in: root)
      #expect(outcome.status == 1)
      let objects = try lines(outcome, root).map {
        try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any]
      }
      try #require(objects.count == 2)
      #expect(objects[0]["reason"] as? String == "no-heading")
      #expect(objects[0]["target"] as? String == "guide.md#missing")
      #expect((objects[0]["file"] as? String)?.hasSuffix("docs/guide.md") == true)
      #expect(objects[0]["fragment"] as? String == "missing")
      #expect(objects[0]["suggestion"] is NSNull)
      #expect(objects[1]["reason"] as? String == "no-file")
      #expect(objects[1]["file"] is NSNull)
      #expect(objects[1]["line"] as? Int == 2 && objects[1]["column"] as? Int == 33)
    }
  }

  @Test func slugFlavoursDecideTheIds() throws {
    let text = "# A -- B\n\n[x](#a----b)\n"
    try Harness.withTree(["a.md": text, "site/mkdocs.yml": "x: 1\n", "site/a.md": text]) { root in
      #expect(check([], ["a.md"], in: root).status == 0)
      let gitlab = check(["--slug", "gitlab"], ["a.md"], in: root)
      #expect(lines(gitlab, root) == ["a.md:3:1: no heading #a----b in a.md"])
      // --slug auto: MkDocs's ids where mkdocs.yml says so.
      let mkdocs = check([], ["site/a.md"], in: root)
      #expect(lines(mkdocs, root) == ["site/a.md:3:1: no heading #a----b in site/a.md"])
    }
  }

  @Test func fixRewritesTheOneCloseSuggestionAtomically() throws {
    try Harness.withTree(Self.tree) { root in
      let outcome = check(["--fix"], ["README.md"], in: root)
      #expect(outcome.status == 1)
      #expect(
        lines(outcome, root) == [
          "README.md:3:5: fixed #instalation to #installation",
          "README.md:5:1: fixed #set-up to #setup",
          // Checked again after the rewrite: the link after the first
          // fixed one has moved on by a byte.
          "README.md:3:61: no file docs/gone.md",
          "README.md:5:29: no file logo.png#gh-dark-mode-only",
          "README.md:10:11: no heading #nowhere in README.md",
        ])
      let text = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
      #expect(text.contains("[install](#installation)"))
      #expect(text.contains("[r]: docs/guide.md#setup"))
      #expect(!text.contains("set-up"))
      // Fixed, the same links are no longer reported.
      let again = check([], ["README.md"], in: root)
      #expect(lines(again, root).count == 3)
    }
  }

  @Test func rootAndRepositoryURL() throws {
    try Harness.withTree([
      "site/docs/a.md": "[x](/docs/b.md#b) [y](https://github.com/o/r/blob/main/docs/b.md#nope)",
      "site/docs/b.md": "# B\n",
    ]) { root in
      let plain = check(["--root", root.path + "/site"], ["site/docs/a.md"], in: root)
      #expect(plain.status == 0, "\(plain.stdout)\(plain.stderr)")
      let outcome = check(
        ["--root", root.path + "/site", "--repository-url", "https://github.com/o/r"],
        ["site/docs/a.md"], in: root)
      #expect(outcome.status == 1)
      #expect(lines(outcome, root) == ["site/docs/a.md:1:19: no heading #nope in site/docs/b.md"])
      let bad = check(["--repository-url", "github.com/o/r"], ["site/docs/a.md"], in: root)
      #expect(bad.status == 2)
      #expect(bad.stderr.contains("'github.com/o/r'"))
    }
  }

  @Test func anUnreadableDocumentIsAnErrorNamingIt() throws {
    try Harness.withTree(["a.md": "[x](#y)"]) { root in
      let outcome = check([], ["a.md", "missing.md"], in: root)
      #expect(outcome.status == 2)
      #expect(outcome.stderr.contains("missing.md"))
      #expect(lines(outcome, root) == ["a.md:1:1: no heading #y in a.md"])
    }
  }
}
