import Foundation
import Testing

@testable import Files
@testable import IsleCLI

/// `isle toc --write` and `--check` on scratch copies.
@Suite struct TocWriteTests {
  /// The document after its contents list, the same before and after.
  static let sections = """
    ## Install

    ```
    <!-- toc -->
    ## not a heading
    ```

    ## Usage

    ### Flags & *options*

    """

  static let readme =
    """
    # Project

    Intro.

    <!-- toc -->
    - [Stale](#stale)
    <!-- tocstop -->
    """ + "\n\n" + sections

  static let updated =
    """
    # Project

    Intro.

    <!-- toc -->

    - [Install](#install)
    - [Usage](#usage)
      - [Flags & options](#flags--options)

    <!-- tocstop -->
    """ + "\n\n" + sections

  func withFile(
    _ text: String, mode: mode_t = 0o644, _ body: (URL) throws -> Void
  ) throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "isle-write-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("README.md")
    try Data(text.utf8).write(to: file)
    chmod(file.path, mode)
    try body(file)
  }

  func contents(_ url: URL) throws -> String {
    String(decoding: try Data(contentsOf: url), as: UTF8.self)
  }

  func mode(_ url: URL) -> mode_t {
    var info = stat()
    stat(url.path, &info)
    return info.st_mode & 0o7777
  }

  @Test func writesTheListAndNothingElseThenIsIdempotent() throws {
    try withFile(Self.readme, mode: 0o640) { (file: URL) throws in
      let first = Harness.run(["toc", "--write", file.path])
      #expect(first.status == 0)
      #expect(first.stdout == file.path + "\n")
      #expect(try contents(file) == Self.updated)
      #expect(mode(file) == 0o640)
      let second = Harness.run(["toc", "--write", file.path])
      #expect(second.status == 0)
      #expect(second.stdout.isEmpty)
      #expect(try contents(file) == Self.updated)
      #expect(Harness.run(["toc", "--check", file.path]).status == 0)
    }
  }

  @Test func checkNamesStaleFilesAndChangesNothing() throws {
    try withFile(Self.readme) { (file: URL) throws in
      let outcome = Harness.run(["toc", "--check", "--diff", file.path])
      #expect(outcome.status == 1)
      #expect(
        outcome.stdout == """
          \(file.path)
          --- \(file.path)
          +++ \(file.path)
          @@ -3,7 +3,11 @@
           Intro.
          \u{20}
           <!-- toc -->
          -- [Stale](#stale)
          +
          +- [Install](#install)
          +- [Usage](#usage)
          +  - [Flags & options](#flags--options)
          +
           <!-- tocstop -->
          \u{20}
           ## Install

          """)
      #expect(try contents(file) == Self.readme)
    }
  }

  @Test func aFileWithoutMarkersIsSkippedWithANote() throws {
    let text = "# Title\n\n## Section\n"
    try withFile(text) { (file: URL) throws in
      let before = try Data(contentsOf: file)
      for mode in ["--write", "--check"] {
        let outcome = Harness.run(["toc", mode, file.path])
        #expect(outcome.status == 0)
        #expect(outcome.stdout.isEmpty)
        #expect(outcome.stderr == "isle: \(file.path): no contents markers; skipped\n")
      }
      #expect(try Data(contentsOf: file) == before)
    }
  }

  @Test(arguments: [
    "<!-- tocstop -->\n# A\n<!-- toc -->\n", "<!-- toc -->\n<!-- toc -->\n<!-- tocstop -->\n",
    "```\n<!-- toc -->\n```\n<!-- tocstop -->\n", "<!--toc:start-->\n# A\n",
    "<!-- TOC -->\n# A\n<!--toc:end-->\n", "<!-- START doctoc -->\n<!-- mdformat-toc end -->\n",
  ])
  func markersThatDoNotPairAreAnErrorAndUntouched(_ text: String) throws {
    try withFile(text) { (file: URL) throws in
      let outcome = Harness.run(["toc", "--write", file.path])
      #expect(outcome.status == 2)
      #expect(outcome.stderr.hasPrefix("isle: error: \(file.path): <!-- "))
      #expect(try contents(file) == text)
    }
  }

  @Test func aFailureBeforeTheRenameLeavesTheOriginalWhole() throws {
    try withFile(Self.readme) { (file: URL) throws in
      let out = StringSink()
      let err = StringSink()
      let cli = CLI(
        environment: [:], stdout: out, stderr: err, files: SystemFiles(), terminal: .pipe,
        writer: AtomicFile(failBeforeRename: true))
      #expect(cli.run(["toc", "--write", file.path]) == 2)
      #expect(err.text.contains("the file is unchanged"))
      #expect(try contents(file) == Self.readme)
      let left = try FileManager.default.contentsOfDirectory(
        atPath: file.deletingLastPathComponent().path)
      #expect(left == ["README.md"], "no temporary file is left beside it")
    }
  }

  @Test func aReadOnlyFileIsAnErrorThatLosesNothing() throws {
    try withFile(Self.readme, mode: 0o444) { (file: URL) throws in
      let outcome = Harness.run(["toc", "--write", file.path])
      #expect(outcome.status == 2)
      #expect(outcome.stderr.contains("is read-only"))
      #expect(try contents(file) == Self.readme)
      #expect(mode(file) == 0o444)
    }
  }

  @Test func aSymlinksTargetIsUpdatedAndTheLinkKept() throws {
    try withFile(Self.readme) { (file: URL) throws in
      let link = file.deletingLastPathComponent().appendingPathComponent("LINK.md")
      try FileManager.default.createSymbolicLink(
        atPath: link.path, withDestinationPath: "README.md")
      #expect(Harness.run(["toc", "--write", link.path]).status == 0)
      #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "README.md")
      #expect(try contents(file) == Self.updated)
    }
  }

  @Test func crlfLineEndingsAreKept() throws {
    let text = Self.readme.replacingOccurrences(of: "\n", with: "\r\n")
    try withFile(text) { (file: URL) throws in
      #expect(Harness.run(["toc", "--write", file.path]).status == 0)
      #expect(try contents(file) == Self.updated.replacingOccurrences(of: "\n", with: "\r\n"))
    }
  }

  @Test func afterMarkersListsOnlyWhatFollows() throws {
    try withFile(Self.readme) { (file: URL) throws in
      #expect(
        Harness.run(["toc", "--write", "--after-markers", "--ordered=increment", file.path]).status
          == 0)
      #expect(
        try contents(file).contains(
          "<!-- toc -->\n<!-- isle: --ordered=increment --after-markers -->\n\n1. [Install](#install)\n2. [Usage](#usage)\n   1. [Flags & options](#flags--options)\n\n<!-- tocstop -->\n"
        ))
    }
  }

  @Test func standardInputGoesAloneWithWrite() throws {
    let outcome = Harness.run(["toc", "--write", "-", "fixtures/toc-stale.md"])
    #expect(outcome.status == 2)
    #expect(outcome.stdout.isEmpty)
    #expect(outcome.stderr.contains("standard input ('-') goes alone with --write"))
  }
}
