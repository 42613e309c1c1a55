import Foundation
import Testing

@testable import IsleCLI
@testable import Options

/// The contents markers of the common TOC tools, the headings left out,
/// the list's shapes and the options a document notes, on READMEs of
/// our own in scratch folders.
@Suite struct TocStyleTests {
  /// A README's body under a title and a contents heading; the list goes
  /// where `MARKERS` stands.
  static func readme(_ markers: String) -> String {
    """
    # Project

    Intro.

    ## Contents

    \(markers)

    ## Install `Debug` mode

    ### Flags & ~~old~~ options println!

    ## Usage

    #### Deep

    """
  }

  static let list = """
    - [Install `Debug` mode](#install-debug-mode)
      - [Flags & ~~old~~ options println!](#flags--old-options-println)
    - [Usage](#usage)
    """

  /// Each tool's markers, opening and closing.
  static let styles: [(String, String)] = [
    ("<!-- toc -->", "<!-- tocstop -->"),
    ("<!-- TOC -->", "<!-- /TOC -->"),
    ("<!--TOC-->", "<!--TOC-->"),
    ("<!--toc:start-->", "<!--toc:end-->"),
    (
      "<!-- START doctoc generated TOC please keep comment here to allow auto update -->\n"
        + "<!-- DON'T EDIT THIS SECTION, INSTEAD RE-RUN doctoc TO UPDATE -->",
      "<!-- END doctoc generated TOC please keep comment here to allow auto update -->"
    ),
    (
      "<!-- mdformat-toc start --slug=github --maxlevel=3 --minlevel=1 -->",
      "<!-- mdformat-toc end -->"
    ),
    ("<!--  Toc  -->", "<!-- TOCSTOP -->"),
  ]

  func file(_ root: URL) -> String { root.appendingPathComponent("README.md").path }

  func text(_ path: String) throws -> String {
    try String(contentsOfFile: path, encoding: .utf8)
  }

  @Test(arguments: 0..<styles.count)
  func eachStyleIsFilledWithItsMarkersKept(_ index: Int) throws {
    let (opening, closing) = Self.styles[index]
    let stale = Self.readme("\(opening)\n- [Old](#old)\n\(closing)")
    try Harness.withTree(["README.md": stale]) { (root: URL) throws in
      let path = file(root)
      let first = Harness.run(["toc", "--write", path])
      #expect(first.status == 0)
      #expect(first.stdout == path + "\n")
      #expect(try text(path) == Self.readme("\(opening)\n\n\(Self.list)\n\n\(closing)"))
      let second = Harness.run(["toc", "--write", path])
      #expect(second.stdout.isEmpty, "a second --write changes nothing")
      #expect(Harness.run(["toc", "--check", path]).status == 0)
    }
  }

  @Test func aLoneTocMarkerGetsItsListAndStop() throws {
    try Harness.withTree(["README.md": Self.readme("<!-- toc -->")]) { (root: URL) throws in
      let path = file(root)
      #expect(Harness.run(["toc", "--write", path]).status == 0)
      #expect(
        try text(path) == Self.readme("<!-- toc -->\n\n\(Self.list)\n\n<!-- tocstop -->"))
      #expect(Harness.run(["toc", "--write", path]).stdout.isEmpty)
    }
  }

  @Test func optionsAreNotedAndTheCommandLineWins() throws {
    try Harness.withTree(["README.md": Self.readme("<!-- toc -->\n<!-- tocstop -->")]) {
      (root: URL) throws in
      let path = file(root)
      #expect(Harness.run(["toc", "--write", "--max-level", "2", path]).status == 0)
      #expect(try text(path).contains("<!-- toc -->\n<!-- isle: --max-level=2 -->\n\n- [Install"))
      #expect(!(try text(path)).contains("(#flags"))
      #expect(Harness.run(["toc", "--check", path]).status == 0)
      #expect(Harness.run(["toc", "--check", "--max-level", "3", path]).status == 1)
      // Options given again are merged with those noted, and win.
      #expect(Harness.run(["toc", "--write", "--ordered", path]).status == 0)
      #expect(Harness.run(["toc", "--write", "--max-level=4", path]).status == 0)
      let written = try text(path)
      #expect(written.contains("<!-- isle: --max-level=4 --ordered -->\n\n1. [Install"))
      #expect(written.contains("1. [Usage](#usage)\n   1. [Deep](#deep)\n"))
      #expect(Harness.run(["toc", "--check", path]).status == 0)
    }
  }

  @Test func mdformatOptionsAreReadAndWrittenInItsOwnMarker() throws {
    let markers =
      "<!-- mdformat-toc start --slug=github --maxlevel=6 --minlevel=1 -->\n"
      + "<!-- mdformat-toc end -->"
    try Harness.withTree(["README.md": Self.readme(markers)]) { (root: URL) throws in
      let path = file(root)
      #expect(Harness.run(["toc", "--write", path]).status == 0)
      #expect(try text(path).contains("  - [Deep](#deep)"), "its --maxlevel=6 is read")
      #expect(Harness.run(["toc", "--write", "--max-level", "2", "--details", path]).status == 0)
      let written = try text(path)
      #expect(
        written.contains(
          "<!-- mdformat-toc start --slug=github --maxlevel=2 --minlevel=1 -->\n"
            + "<!-- isle: --details -->\n\n<details>\n<summary>Contents</summary>\n\n- [Install"))
      #expect(Harness.run(["toc", "--check", path]).status == 0)
    }
  }

  @Test func markdownAllInOneDepthsCountFromTheShallowestHeading() throws {
    let markdown = "<!-- TOC depthTo:2 -->\n<!-- /TOC -->\n\n## A\n\n### B\n\n#### C\n"
    try Harness.withTree(["README.md": markdown]) { (root: URL) throws in
      let path = file(root)
      #expect(Harness.run(["toc", "--write", path]).status == 0)
      #expect(
        try text(path).hasPrefix(
          "<!-- TOC depthTo:2 -->\n\n- [A](#a)\n  - [B](#b)\n\n<!-- /TOC -->\n"))
    }
  }

  @Test func badNotedOptionsNameTheFileAndLine() throws {
    let markers = "<!-- toc -->\n<!-- isle: --max-level=nine -->\n<!-- tocstop -->"
    try Harness.withTree(["README.md": Self.readme(markers)]) { (root: URL) throws in
      let path = file(root)
      let outcome = Harness.run(["toc", "--check", path])
      #expect(outcome.status == 2)
      #expect(outcome.stderr.contains("\(path):8: invalid value 'nine' for 'max-level'"))
    }
  }

  @Test func headingsAskedToBeLeftOutAreLeftOut() throws {
    let markdown = """
      # Title

      Intro.

      <!-- toc -->
      <!-- tocstop -->

      ## Kept

      ## Gone one <!-- omit from toc -->

      <!-- omit in toc -->
      ## Gone two

      ## Gone three
      {: .no_toc}

      ## Gone four {.no_toc}

      <h2 class="x notoc">Gone five</h2>

      ##

      ## Also kept

      """
    try Harness.withTree(["README.md": markdown]) { (root: URL) throws in
      let path = file(root)
      #expect(Harness.run(["toc", "--write", path]).status == 0)
      #expect(
        try text(path).contains(
          "<!-- toc -->\n\n- [Kept](#kept)\n- [Also kept](#also-kept)\n\n<!-- tocstop -->"))
      #expect(Harness.run(["toc", "--write", "--include-title", path]).status == 0)
      #expect(try text(path).contains("- [Title](#title)\n  - [Kept](#kept)\n"))
    }
  }

  @Test func bulletsAndIndentationFollowTheDocument() throws {
    let markdown = """
      <!-- toc -->
      <!-- tocstop -->

      ## A

      ### B

      * one
          * two

      """
    try Harness.withTree(["README.md": markdown]) { (root: URL) throws in
      let path = file(root)
      #expect(Harness.run(["toc", "--write", path]).status == 0)
      #expect(try text(path).hasPrefix("<!-- toc -->\n\n* [A](#a)\n    * [B](#b)\n\n"))
    }
  }

  @Test func aHookOverFilesWithAndWithoutMarkers() throws {
    let current = "<!-- toc -->\n\n- [A](#a)\n\n<!-- tocstop -->\n\n## A\n"
    let stale = "<!-- toc -->\n<!-- tocstop -->\n\n## B\n"
    try Harness.withTree(["a.md": current, "b.md": stale, "notes.md": "## No list\n"]) {
      (root: URL) throws in
      let paths = ["a.md", "b.md", "notes.md"].map { root.appendingPathComponent($0).path }
      let check = Harness.run(["toc", "--diff"] + paths)
      #expect(check.status == 1)
      #expect(check.stdout.hasPrefix(paths[1] + "\n--- "))
      #expect(check.stdout.contains("+- [B](#b)"))
      #expect(check.stderr == "isle: \(paths[2]): no contents markers; skipped\n")
      let write = Harness.run(["toc", "--write"] + paths)
      #expect(write.status == 0)
      #expect(write.stdout == paths[1] + "\n")
      #expect(Harness.run(["toc", "--check", root.path]).status == 0)
    }
  }

  @Test func anIndexOfADocsTreeLinksIntoEachDocument() throws {
    let files = ["docs/a.md": "# Alpha\n\n## One\n", "docs/sub/b c.md": "## Two\n"]
    try Harness.withTree(files) { (root: URL) throws in
      let docs = root.appendingPathComponent("docs").path
      let index = Harness.run(["toc", "--format", "markdown", docs])
      #expect(
        index.stdout
          == "- [Alpha](a.md)\n  - [One](a.md#one)\n- [sub/b c.md](sub/b%20c.md)\n"
          + "  - [Two](sub/b%20c.md#two)\n")
      let based = Harness.run(["toc", "--format", "markdown", "--base", root.path, docs])
      #expect(based.stdout.hasPrefix("- [Alpha](docs/a.md)\n  - [One](docs/a.md#one)\n"))
    }
  }

  /// md_toc (PyPI), the one of these tools installable here, writes the
  /// same list for its markers on a README without a title or emphasis.
  @Test func mdTocWritesTheSameList() throws {
    let markdown = """
      Intro.

      <!--TOC-->
      <!--TOC-->

      ## Install `Debug` mode

      ### Flags & ~~old~~ options println!

      ## Usage

      ## Usage

      #### Deep

      """
    try Harness.withTree(["isle.md": markdown, "md_toc.md": markdown]) { (root: URL) throws in
      let theirs = root.appendingPathComponent("md_toc.md").path
      let ours = root.appendingPathComponent("isle.md").path
      let peer = try Harness.shell("md_toc -p github -l 3 '\(theirs)'")
      #expect(peer.status == 0, "md_toc: \(peer.stderr)")
      #expect(Harness.run(["toc", "--write", ours]).status == 0)
      #expect(try text(ours) == (try text(theirs)))
    }
  }
}
