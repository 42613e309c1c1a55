import Files
import Foundation
import IsleCLI
import Terminal
import TestSupport

/// Runs isle in-process or as the real binary, and finds the fixtures.
enum Harness {
  /// How many times longer the tests wait on a slowed build: sanitized
  /// builds run several times slower (make test-sanitized).
  static let timeoutScale =
    Double(ProcessInfo.processInfo.environment["ISLE_TIMEOUT_SCALE"] ?? "") ?? 1

  static let root = Fixtures.root

  static let fixtures = Fixtures.folder
  static let snapshots = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Snapshots")

  struct Outcome {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  /// Runs the CLI in-process from the repository root, with a fixed
  /// environment (no COLUMNS, so widths do not depend on the terminal).
  static func run(
    _ arguments: [String], environment: [String: String] = [:], terminal: Bool = false,
    columns: Int? = nil
  ) -> Outcome {
    let out = StringSink()
    let err = StringSink()
    // Tests run in parallel, so the reader resolves relative paths from the
    // repository root rather than the process changing directory.
    let status = CLI(
      environment: environment, stdout: out, stderr: err,
      files: SystemFiles(directory: root.path),
      terminal: TerminalFacts(isTerminal: terminal, columns: columns)
    ).run(arguments)
    return Outcome(status: status, stdout: out.text, stderr: err.text)
  }

  /// Where the binaries the tests run keep their caches (`isle lsp`'s
  /// index): never the home of whoever runs the tests.
  static let cacheHome = FileManager.default.temporaryDirectory
    .appendingPathComponent("isle-tests-cache").path

  /// The built `isle` binary beside the test bundle.
  static var binary: URL {
    let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("isle")
    if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
    return root.appendingPathComponent(".build/debug/isle")
  }

  /// Runs the real binary with `stdin` as its standard input, from the
  /// repository root, without COLUMNS (and with `more` in its environment).
  static func runBinary(
    _ arguments: [String], stdin: Data = Data(), timeout: TimeInterval = 10,
    environment more: [String: String] = [:]
  ) throws -> (status: Int32, signaled: Bool, stdout: Data, stderr: String) {
    var environment = ProcessInfo.processInfo.environment
    environment["COLUMNS"] = nil
    environment["XDG_CACHE_HOME"] = cacheHome
    environment.merge(more) { $1 }
    let scale = Harness.timeoutScale
    let outcome = try Spawn.run(
      binary.path, arguments, stdin: Array(stdin), directory: root.path,
      environment: environment, timeout: timeout * scale)
    return (outcome.status, outcome.signaled, Data(outcome.stdout), outcome.errors)
  }

  /// A scratch tree, removed afterwards: `files` maps relative paths to
  /// contents.
  static func withTree(_ files: [String: String], _ body: (URL) throws -> Void) throws {
    try Fixtures.withTree(files, body)
  }

  /// Runs `command` with bash from the repository root, the built `isle`
  /// first on the PATH; stdout and stderr are read to the end.
  static func shell(_ command: String) throws -> (status: Int32, stdout: String, stderr: String) {
    var environment = ProcessInfo.processInfo.environment
    environment["PATH"] =
      binary.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "")
    environment["COLUMNS"] = nil
    environment["XDG_CACHE_HOME"] = cacheHome
    environment["LC_ALL"] = "C.UTF-8"
    let scale = Harness.timeoutScale
    let outcome = try Spawn.run(
      "/bin/bash", ["-c", command], directory: root.path, environment: environment,
      timeout: 120 * scale)
    return (outcome.status, outcome.output, outcome.errors)
  }

}

/// Compares output with a golden file beside the tests; `ISLE_RECORD=1`
/// writes the golden files anew instead.
enum Snapshot {
  static var recording: Bool { ProcessInfo.processInfo.environment["ISLE_RECORD"] == "1" }

  /// Nil when `actual` matches the golden file `name`, else a readable
  /// line diff.
  static func mismatch(_ actual: String, named name: String) throws -> String? {
    let url = Harness.snapshots.appendingPathComponent(name)
    if recording {
      // Recorded, not compared: the run says so, so a recording run is
      // never taken for a passing one.
      try Data(actual.utf8).write(to: url)
      return "recorded \(name) (ISLE_RECORD=1): nothing was compared"
    }
    guard let data = FileManager.default.contents(atPath: url.path) else {
      return "no golden file \(name); run with ISLE_RECORD=1 to record it"
    }
    let expected = String(decoding: data, as: UTF8.self)
    if expected == actual { return nil }
    return diff(expected: expected, actual: actual, name: name)
  }

  /// A line diff: `-` for expected lines missing, `+` for lines not expected.
  static func diff(expected: String, actual: String, name: String) -> String {
    let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
    var lines = ["\(name) differs (ISLE_RECORD=1 re-records):"]
    for index in 0..<max(old.count, new.count) {
      let before = index < old.count ? String(old[index]) : nil
      let after = index < new.count ? String(new[index]) : nil
      if before == after {
        lines.append("  " + (before ?? ""))
      } else {
        if let before { lines.append("- " + before) }
        if let after { lines.append("+ " + after) }
      }
    }
    return lines.joined(separator: "\n")
  }
}
