import Foundation
import TestSupport
import Testing

/// `toc --write` and `check --fix` against what else befalls the file: an
/// edit made while isle runs, other names for it, a write cut short. The
/// binary runs under bash; strace holds it at the new file's flush (its
/// first fsync, just before the rename) for as long as a test needs.
@Suite struct RewriteSafetyTests {
  static let strace = ["/usr/bin/strace", "/bin/strace"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  /// A document whose contents list is stale.
  static let stale =
    "# Title\n\n<!-- toc -->\n<!-- tocstop -->\n\n## One\n\ntext\n\n## Two\n\nmore\n"
  /// A document with a link `check --fix` rewrites.
  static let misspelt = "# Title\n\n## Set up\n\nSee [setting up](#setup).\n"

  /// `command` run in `folder` by bash, isle held at its first fsync for
  /// `seconds`: what it printed, with `[STATUS]` after.
  /// (LeakSanitizer cannot run under a tracer: a sanitized build checks
  /// for leaks everywhere but here.)
  static func held(_ seconds: Double, _ command: String) -> String {
    "ASAN_OPTIONS=\"${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0\" "
      + "strace -f -qq -o /dev/null -e trace=fsync "
      + "-e inject=fsync:delay_enter=\(Int(seconds * 1000))ms:when=1 \(command)"
  }

  /// Waits (up to 5 s) for a file beside `name` to appear in the folder.
  static func waitForTheNewFile(_ name: String) -> String {
    "for i in $(seq 250); do ls -A | grep -q '^\\.\(name)\\.isle-' && break; sleep 0.02; done"
  }

  static func hidden(in folder: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
      $0.hasPrefix(".")
    }.sorted()
  }

  static func text(_ url: URL) throws -> String { try String(contentsOf: url, encoding: .utf8) }

  /// An edit made while isle works on the file (after it was read, before
  /// the rename) is kept: isle writes nothing and says so.
  @Test(
    .enabled(if: strace != nil, "strace is not installed: make test-deps installs it"),
    arguments: [("toc --write", stale), ("check --fix", misspelt)])
  func anEditMadeMeanwhileIsKept(command: String, document: String) throws {
    try Harness.withTree(["doc.md": document]) { root in
      let run = try Harness.shell(
        "cd '\(root.path)'; (\(Self.held(1.5, "isle \(command) doc.md")); echo \"[$?]\") & "
          + "\(Self.waitForTheNewFile("doc.md")); echo edited >> doc.md; wait")
      #expect(run.stdout.hasSuffix("[2]\n"), "\(run.stdout)")
      #expect(
        run.stderr
          == "isle: error: doc.md: changed since isle read it (another program wrote it "
          + "meanwhile); isle wrote nothing, and the change stays (run isle again)\n")
      let file = root.appendingPathComponent("doc.md")
      #expect(try Self.text(file) == document + "edited\n", "the edit is there")
      #expect(try Self.hidden(in: root).isEmpty, "nothing left beside it")
    }
  }

  /// A file with other names (hard links) is written in place: every
  /// name has the new text.
  @Test func hardLinksAreKept() throws {
    try Harness.withTree(["doc.md": Self.stale]) { root in
      let run = try Harness.shell(
        "cd '\(root.path)'; ln doc.md other.md; isle toc --write doc.md; echo \"[$?]\"; "
          + "stat -c '%i %h' doc.md other.md")
      let lines = run.stdout.split(separator: "\n").map(String.init)
      #expect(lines.count == 4 && lines[0] == "doc.md" && lines[1] == "[0]", "\(run)")
      #expect(lines.count == 4 && lines[2] == lines[3] && lines[2].hasSuffix(" 2"), "\(lines)")
      let other = try Self.text(root.appendingPathComponent("other.md"))
      #expect(other.contains("- [One](#one)"), "the other name has the list: \(other)")
      #expect(try Self.hidden(in: root).isEmpty)
    }
  }

  /// A file size limit (`ulimit -f`) stops the write with an error, the
  /// file as it was and nothing left beside it.
  @Test(
    .disabled(
      if: Harness.timeoutScale > 1,
      "a sanitizer's runtime faults (SIGBUS) under a file size limit of one block, before isle runs"
    ))
  func aSizeLimitIsAnErrorNotALeftover() throws {
    let document = Self.stale + String(repeating: "## Part\n\nwords\n\n", count: 100)
    try Harness.withTree(["doc.md": document]) { root in
      let run = try Harness.shell(
        "cd '\(root.path)'; (ulimit -f 1; isle toc --write doc.md); echo \"[$?]\"")
      #expect(run.stdout == "[2]\n", "\(run)")
      #expect(
        run.stderr == "isle: error: doc.md: cannot write: File too large; the file is unchanged\n")
      #expect(try Self.text(root.appendingPathComponent("doc.md")) == document)
      #expect(try Self.hidden(in: root).isEmpty)
    }
  }

  /// A write killed halfway (`kill -9`) leaves its file beside the
  /// document; the next write into the folder removes it, and leaves those
  /// of writers still running: one whose process runs since before it was
  /// made, one a process holds a lock on. strace waits out its hold even
  /// for a killed isle, so the hold is a second: the kill comes within
  /// milliseconds of the file (the wait's step is 20 ms).
  @Test(.enabled(if: strace != nil, "strace is not installed: make test-deps installs it"))
  func aKilledWriteIsCleanedUpByTheNext() throws {
    try Harness.withTree(["doc.md": Self.stale, "notes.md": "# Notes\n"]) { root in
      let killed = try Harness.shell(
        "cd '\(root.path)'; \(Self.held(1, "sh -c 'echo $$ > pid; exec isle toc --write doc.md'")) & "
          + "\(Self.waitForTheNewFile("doc.md")); kill -9 $(cat pid); wait; rm pid; ls -A")
      let left = killed.stdout.split(separator: "\n").filter { $0.hasPrefix(".doc.md.isle-") }
      #expect(left.count == 1, "the killed write's file is left: \(killed)")
      let running = ".notes.md.isle-\(getpid())-abcdef"
      let locked = ".notes.md.isle-999999999-ghijkl"
      let next = try Harness.shell(
        "cd '\(root.path)'; touch \(running) \(locked); flock \(locked) sleep 10 & sleeper=$!; "
          + "sleep 0.3; isle toc --write doc.md; echo \"[$?]\"; kill $sleeper; ls -A")
      let names = next.stdout.split(separator: "\n").map(String.init)
      #expect(names.prefix(2) == ["doc.md", "[0]"], "\(next)")
      #expect(Set(names.filter { $0.hasPrefix(".") }) == [running, locked], "\(names)")
      #expect(try Self.text(root.appendingPathComponent("doc.md")).contains("- [One](#one)"))
    }
  }
}
