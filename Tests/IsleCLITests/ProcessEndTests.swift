import Foundation
import Testing

@testable import Files
@testable import IsleCLI

/// How the real binary ends when its surroundings end first: the reader of
/// its output goes away, the disk is full, no document can come, a folder
/// holds what cannot be read.
@Suite struct ProcessEndTests {
  /// A folder of `count` small documents, removed afterwards.
  static func withDocuments(_ count: Int, _ body: (URL) throws -> Void) throws {
    let files = (0..<count).map {
      (
        String(format: "%04d.md", $0),
        "# Document \($0)\n\nSome words.\n\n## Part\n\nMore words here.\n"
      )
    }
    try Harness.withTree(Dictionary(uniqueKeysWithValues: files), body)
  }

  /// Closed after one byte, one line and a hundred bytes, in every format,
  /// several times over (the race between the workers and the end is a
  /// matter of timing): always a quiet 0.
  @Test func aClosedPipeOverManyDocumentsEndsQuietly() throws {
    try Self.withDocuments(200) { root in
      for format in ["text", "json", "tsv", "markdown"] {
        for cut in ["head -c 1", "head -n 1", "head -c 100"] {
          for _ in 0..<3 {
            let result = try Harness.shell(
              "isle toc --format \(format) '\(root.path)' | \(cut) >/dev/null; exit ${PIPESTATUS[0]}"
            )
            #expect(result.status == 0, "\(format) | \(cut): \(result.stderr)")
            #expect(result.stderr.isEmpty, "\(format) | \(cut): \(result.stderr)")
          }
        }
      }
      let xargs = try Harness.shell(
        "ls '\(root.path)'/*.md | xargs isle toc | head -1 >/dev/null; exit ${PIPESTATUS[1]}")
      #expect(xargs.status == 0, "xargs: \(xargs.stderr)")
    }
  }

  @Test func aFullDiskIsAnErrorNamingStandardOutput() throws {
    for format in ["text", "json"] {
      let result = try Harness.shell("isle toc --format \(format) fixtures/recipe.md > /dev/full")
      #expect(result.status == 2)
      #expect(
        result.stderr
          == "isle: error: standard output: cannot write: No space left on device\n")
    }
  }

  /// With no file and a terminal on standard input, every command says so
  /// at once instead of waiting for a document that will not come.
  @Test(arguments: [
    ["toc"], ["where", "--line", "3"], ["jump", "3"], ["pick"], ["toc", "--format", "json"],
  ])
  func aTerminalOnStandardInputIsNotADocument(arguments: [String]) throws {
    let out = StringSink()
    let err = StringSink()
    let status = CLI(
      environment: [:], stdout: out, stderr: err, files: SystemFiles(), inputIsTerminal: true
    ).run(arguments)
    #expect(status == 2)
    #expect(out.text.isEmpty)
    #expect(err.text.hasPrefix("isle: error: no document given, and standard input is a terminal"))
    #expect(err.text.split(separator: "\n").count == 1)
    // A file named is read as usual (pick would then want /dev/tty).
    guard arguments != ["pick"] else { return }
    let named = CLI(
      environment: [:], stdout: StringSink(), stderr: StringSink(),
      files: SystemFiles(directory: Harness.root.path), inputIsTerminal: true
    ).run(arguments + ["fixtures/recipe.md"])
    #expect(named == 0)
  }

  /// A walk skips a FIFO (opening it would wait for ever) and warns of a
  /// broken link; a FIFO named outright is read, as a pipe.
  @Test func aWalkReadsOnlyRegularFiles() throws {
    try Self.withDocuments(2) { root in
      let fifo = root.appendingPathComponent("notes.md").path
      #expect(mkfifo(fifo, 0o600) == 0)
      try FileManager.default.createSymbolicLink(
        atPath: root.appendingPathComponent("gone.md").path, withDestinationPath: "nowhere.md")
      let walked = try Harness.runBinary(["toc", "--format", "tsv", root.path], timeout: 20)
      #expect(walked.status == 0)
      let rows = String(decoding: walked.stdout, as: UTF8.self).split(separator: "\n")
      #expect(rows.count == 1 + 2 * 2, "a header and two sections of each document")
      #expect(
        walked.stderr
          == "isle: warning: \(root.path)/gone.md: a broken symbolic link, skipped\n")

      let piped = try Harness.shell(
        "(printf '# From a pipe\\n' > '\(fifo)' &); isle toc --format tsv '\(fifo)'")
      #expect(piped.status == 0)
      #expect(piped.stdout.contains("From a pipe"))
    }
  }

  /// Nothing but a broken link: the warning, and status 2, since nothing
  /// else was found.
  @Test func aBrokenLinkAloneIsAnError() throws {
    try Harness.withTree([:]) { root in
      try FileManager.default.createSymbolicLink(
        atPath: root.appendingPathComponent("gone.md").path, withDestinationPath: "nowhere.md")
      let result = try Harness.runBinary(["toc", root.path])
      #expect(result.status == 2)
      #expect(result.stderr.contains("gone.md: a broken symbolic link, skipped"))
    }
  }
}
