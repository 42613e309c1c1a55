import Foundation
import TestSupport
import Testing

/// The bad-input matrix: the real binary on each input, which must end by
/// itself within 10 s with the status expected, one line on stderr when it
/// is an error, and stdout either empty or whole (never half a document).
@Suite struct HostileInputTests {
  struct Case: CustomTestStringConvertible, Sendable {
    let name: String
    let arguments: [String]
    let input: @Sendable (URL) throws -> Data
    let status: Set<Int32>
    let error: String?
    var testDescription: String { name }
  }

  static let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
    "isle-hostile-\(getpid())")

  static func file(_ name: String, _ bytes: Data) throws -> String {
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    let url = scratch.appendingPathComponent(name)
    try bytes.write(to: url)
    return url.path
  }

  /// `count` random bytes; without NULs unless `nul` (a NUL makes a
  /// file binary, refused before any parser sees it).
  static func random(_ count: Int, seed: UInt64, nul: Bool = false) -> Data {
    var state = seed
    return Data(
      (0..<count).map { _ in
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        let byte = UInt8(truncatingIfNeeded: state >> 33)
        return byte == 0 && !nul ? 1 : byte
      })
  }

  static let none: @Sendable (URL) throws -> Data = { _ in Data() }
  static func stdin(_ data: @escaping @Sendable () -> Data) -> @Sendable (URL) throws -> Data {
    { _ in data() }
  }

  static let cases: [Case] = [
    Case(name: "empty", arguments: ["toc"], input: none, status: [1], error: nil),
    Case(
      name: "only white space", arguments: ["toc"], input: stdin { Data(" \n\t\r\n  \n".utf8) },
      status: [1], error: nil),
    Case(
      name: "random bytes", arguments: ["toc", "--format", "json"],
      input: stdin { random(1 << 20, seed: 7) }, status: [0, 1], error: nil),
    Case(
      name: "random bytes as HTML", arguments: ["toc", "--from", "html"],
      input: stdin { random(1 << 20, seed: 9) }, status: [0, 1], error: nil),
    Case(
      name: "random bytes with NULs", arguments: ["toc", "--format", "json"],
      input: stdin { random(1 << 20, seed: 7, nul: true) }, status: [2],
      error: "<stdin>: binary file, not a document"),
    Case(
      name: "an ELF", arguments: ["toc", "--format", "json"],
      input: stdin { (try? Data(contentsOf: Harness.binary))?.prefix(4 << 20) ?? Data() },
      status: [2], error: "<stdin>: binary file, not a document"),
    Case(
      name: "a PNG", arguments: ["toc"],
      input: stdin {
        Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D])
          + random(200_000, seed: 3)
      }, status: [2], error: "<stdin>: binary file, not a document"),
    Case(
      name: "invalid UTF-8 titles", arguments: ["toc", "fixtures/invalid-utf8.md"], input: none,
      status: [0], error: nil),
    Case(
      name: "NUL bytes", arguments: ["toc", "fixtures/binary/nul.md"], input: none, status: [2],
      error: "fixtures/binary/nul.md: binary file, not a document"),
    Case(
      name: "a table 20,000 columns wide", arguments: ["toc"],
      input: stdin {
        let row = { (cell: String) in "|" + String(repeating: cell + "|", count: 20_000) + "\n" }
        return Data((row("a") + row("-") + String(repeating: row("b"), count: 48)).utf8)
      }, status: [2],
      error: "a table 20000 columns wide on line 2, past the limit of 1000 (raise it with --max-columns)"),
    Case(
      name: "a narrow table with rows 20,000 cells wide", arguments: ["toc"],
      input: stdin {
        Data(("# T\n\n|a|b|\n|-|-|\n" + String(repeating: "|" + String(repeating: "x|", count: 20_000) + "\n", count: 100)).utf8)
      }, status: [2],
      error: "a table 20000 columns wide on line 5, past the limit of 1000 (raise it with --max-columns)"),
    Case(
      name: "a table 20,000 columns wide in a quote", arguments: ["toc"],
      input: stdin {
        let row = { (cell: String) in "> |" + String(repeating: cell + "|", count: 20_000) + "\n" }
        return Data(("# T\n\n" + row("a") + row("-") + String(repeating: row("x"), count: 100)).utf8)
      }, status: [2],
      error: "a table 20000 columns wide on line 4, past the limit of 1000 (raise it with --max-columns)"),
    Case(
      name: "a table 1,000 columns wide", arguments: ["show", "--all"],
      input: stdin {
        let row = { (cell: String) in "|" + String(repeating: cell + "|", count: 1_000) + "\n" }
        return Data(("# Wide\n\n" + row("a") + row("-") + String(repeating: row("b"), count: 50)).utf8)
      }, status: [0], error: nil),
    Case(
      name: "a 10 MB line", arguments: ["toc", "--format", "json"],
      input: stdin { Data(("# " + String(repeating: "word ", count: 2_000_000) + "\n").utf8) },
      status: [0], error: nil),
    Case(
      name: "100,000 headings", arguments: ["toc", "--format", "tsv"],
      input: stdin { Data((0..<100_000).map { "## H\($0)\n" }.joined().utf8) }, status: [0],
      error: nil),
    Case(
      name: "50,000-deep lists", arguments: ["toc"],
      input: stdin { Data((String(repeating: "- ", count: 50_000) + "x\n\n# After\n").utf8) },
      status: [0], error: nil),
    Case(
      name: "50,000-deep quotes", arguments: ["toc"],
      input: stdin { Data((String(repeating: "> ", count: 50_000) + "x\n\n# After\n").utf8) },
      status: [0], error: nil),
    Case(
      name: "100,000-deep HTML", arguments: ["toc", "--from", "html"],
      input: stdin { Data((String(repeating: "<div>", count: 100_000) + "<h1>x</h1>").utf8) },
      status: [2],
      error:
        "<stdin>: HTML nests 20001 elements deep, past the limit of 20000 (raise it with --max-nesting)"
    ),
    Case(
      name: "a 1 GiB sparse file", arguments: ["toc", "@sparse"], input: none, status: [2],
      error: "1073741824 bytes, past the limit of 268435456 bytes (raise it with --max-size)"),
    Case(name: "a FIFO", arguments: ["toc", "@fifo"], input: none, status: [0], error: nil),
    Case(
      name: "/dev/zero with a size limit", arguments: ["toc", "--max-size", "1M", "/dev/zero"],
      input: none, status: [2],
      error: "/dev/zero: goes on past the limit of 1048576 bytes (raise it with --max-size)"),
    Case(
      name: "a file that is gone", arguments: ["toc", "@vanished"], input: none, status: [2],
      error: "No such file or directory"),
    Case(
      name: "offset Int.max",
      arguments: ["where", "--offset", "9223372036854775807", "fixtures/recipe.md"],
      input: none, status: [2], error: "offset 9223372036854775807 is past the end"),
    Case(
      name: "offset -1", arguments: ["where", "--offset", "-1", "fixtures/recipe.md"], input: none,
      status: [2], error: "offset -1 is negative"),
    Case(
      name: "offset 1e99", arguments: ["where", "--offset", "1e99", "fixtures/recipe.md"],
      input: none, status: [2], error: "offset '1e99' is not a whole number"),
    Case(
      name: "offset NaN", arguments: ["where", "--offset", "NaN", "fixtures/recipe.md"],
      input: none, status: [2], error: "offset 'NaN' is not a number"),
    Case(
      name: "percent -0", arguments: ["where", "--percent", "-0", "fixtures/recipe.md"],
      input: none, status: [0], error: nil),
    Case(
      name: "percent 100.0001",
      arguments: ["where", "--percent", "100.0001", "fixtures/recipe.md"], input: none,
      status: [2], error: "percent 100.0001 is outside 0 to 100"),
    Case(
      name: "an unknown format", arguments: ["toc", "--format", "yaml", "fixtures/recipe.md"],
      input: none, status: [2], error: "invalid value 'yaml' for '--format'"),
    Case(
      name: "an unknown input format", arguments: ["toc", "--from", "rst", "fixtures/recipe.md"],
      input: none, status: [2], error: "invalid value 'rst' for '--from'"),
    Case(
      name: "--write on a directory", arguments: ["toc", "--write", "@directory"], input: none,
      status: [2], error: "closes a contents list that was not opened"),
  ]

  /// Replaces the `@` placeholders with real paths made for the case.
  static func resolve(_ arguments: [String]) throws -> [String] {
    try arguments.map { argument in
      switch argument {
      case "@sparse":
        let path = try file("sparse.md", Data())
        truncate(path, 1 << 30)
        return path
      case "@fifo":
        let path = scratch.appendingPathComponent("fifo.md").path
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        unlink(path)
        mkfifo(path, 0o600)
        // A writer that opens the FIFO once isle does.
        Thread.detachNewThread {
          if let handle = FileHandle(forWritingAtPath: path) {
            handle.write(Data("# Through a FIFO\n\nwords\n".utf8))
            try? handle.close()
          }
        }
        return path
      case "@vanished":
        let path = try file("vanished.md", Data("# x\n".utf8))
        try FileManager.default.removeItem(atPath: path)
        return path
      case "@directory":
        // A directory: a document whose markers do not pair is an error,
        // and nothing is written.
        let directory = scratch.appendingPathComponent("docs")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data("<!-- tocstop -->\n# Unpaired\n".utf8).write(
          to: directory.appendingPathComponent("b.md"))
        return directory.path
      default:
        return argument
      }
    }
  }

  @Test(arguments: cases)
  func endsCleanly(_ test: Case) throws {
    let arguments = try Self.resolve(test.arguments)
    let started = Date()
    // A bound that tells an end from a hang: about a CPU second at most
    // each, on a machine shared with other builds (wall time, not a speed
    // target: those are make bench's).
    let scale = Harness.timeoutScale
    let result = try Harness.runBinary(
      arguments, stdin: try test.input(Self.scratch), timeout: 30)
    #expect(Date().timeIntervalSince(started) < 30 * scale)
    #expect(!result.signaled, "ended by a signal")
    #expect(test.status.contains(result.status), "exit \(result.status): \(result.stderr)")
    if let error = test.error {
      // Every error, a binary file's too, has the one prefix.
      #expect(result.stderr.hasPrefix("isle: error: "))
      #expect(result.stderr.contains(error), "\(result.stderr)")
      #expect(result.stderr.filter { $0 == "\n" }.count == 1)
      #expect(result.stdout.isEmpty, "nothing half-written")
    } else if result.status == 1 {
      // Nothing found is said, on one line, even with no terminal.
      #expect(result.stderr.hasPrefix("isle: ") && result.stderr.contains("no headings"))
      #expect(result.stderr.filter { $0 == "\n" }.count == 1, "\(result.stderr)")
    } else {
      #expect(result.stderr.isEmpty, "\(result.stderr)")
      // Whole output: JSON parses, text ends with a full line.
      if arguments.contains("json") && !result.stdout.isEmpty {
        #expect(throws: Never.self) { try JSONSerialization.jsonObject(with: result.stdout) }
      }
      if !result.stdout.isEmpty { #expect(result.stdout.last == 0x0A) }
    }
  }

  /// A file cut short while isle has it mapped: a one-line error naming
  /// it, or (if isle was done with it first) the whole outline; never a
  /// crash. The shell cuts the file as soon as isle has it mapped.
  @Test func aFileCutShortWhileReadIsAnErrorNamingIt() throws {
    let text = (0..<400_000).map { "## Heading \($0)\n\nSome words in a paragraph.\n\n" }.joined()
    var caught = false
    for attempt in 0..<3 where !caught {
      let path = try Self.file("shrinking-\(attempt).md", Data(text.utf8))
      let run = try Harness.shell(
        """
        isle toc --format tsv '\(path)' > '\(path).out' 2> '\(path).err' & pid=$!
        while ! grep -qF '\(path)' /proc/$pid/maps 2>/dev/null && kill -0 $pid 2>/dev/null; do
          sleep 0.005
        done
        truncate -s 0 '\(path)'
        wait $pid; echo $?
        """)
      let status = Int32(run.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
      let stdout = try Data(contentsOf: URL(fileURLWithPath: path + ".out"))
      let stderr = try String(contentsOfFile: path + ".err", encoding: .utf8)
      #expect(status < 128, "ended by a signal: \(status)")
      if status == 2 {
        #expect(stderr == "isle: error: \(path): changed while it was read (it is shorter now)\n")
        #expect(stdout.isEmpty)
        caught = true
      } else {
        #expect(stderr.isEmpty, "\(stderr)")
        #expect(stdout.isEmpty || stdout.last == 0x0A)
      }
    }
    #expect(caught, "no run was caught while reading")
  }

  @Test func writeOnAReadOnlyFileChangesNothing() throws {
    let path = try Self.file("readonly.md", Data("<!-- toc -->\n<!-- tocstop -->\n# A\n".utf8))
    chmod(path, 0o444)
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    let result = try Harness.runBinary(["toc", "--write", path])
    #expect(result.status == 2)
    #expect(result.stderr.contains("is read-only; the file is unchanged"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
  }

  /// A 64 KB tmpfs mounted for the test, when root may mount one here.
  static let fullDisk: URL? = {
    let mount = scratch.appendingPathComponent("full")
    try? FileManager.default.createDirectory(at: mount, withIntermediateDirectories: true)
    let mounted = try? Spawn.run(
      "/bin/mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", mount.path])
    return mounted?.status == 0 ? mount : nil
  }()

  /// A full disk: the tmpfs filled, else skipped with the reason (the
  /// failure-before-rename test covers a failing write either way).
  @Test(.enabled(if: fullDisk != nil, "no tmpfs can be mounted here to fill a disk"))
  func writeOnAFullDiskLosesNothing() throws {
    let mount = try #require(Self.fullDisk)
    defer { _ = try? Spawn.run("/bin/umount", [mount.path]) }
    let headings = (0..<900).map { "## Section number \($0)\n" }.joined()
    let text = "<!-- toc -->\n<!-- tocstop -->\n" + headings
    let path = mount.appendingPathComponent("README.md").path
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    let result = try Harness.runBinary(["toc", "--write", "--max-level", "2", path])
    #expect(result.status == 2)
    #expect(
      result.stderr.contains("No space left on device; the file is unchanged"), "\(result.stderr)")
    #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
    #expect(try FileManager.default.contentsOfDirectory(atPath: mount.path) == ["README.md"])
  }
}
