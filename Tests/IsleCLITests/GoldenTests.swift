import Foundation
import TestSupport
import Testing

/// The text and JSON of `isle toc` for every fixture, against golden files
/// in `Snapshots/` (re-recorded with `ISLE_RECORD=1`).
@Suite struct GoldenTests {
  static var fixtureNames: [String] {
    let all = (try? FileManager.default.contentsOfDirectory(atPath: Harness.fixtures.path)) ?? []
    return requiredCases(
      all.filter { $0.hasSuffix(".md") || $0.hasSuffix(".html") }.sorted(), "fixtures")
  }

  /// What standard error says of a fixture: why nothing was found, when
  /// nothing was (exit 1), else nothing.
  static func nothing(_ status: Int32, _ name: String) -> String {
    status == 1 ? "isle: fixtures/\(name): no headings at levels 1–3\n" : ""
  }

  @Test(arguments: fixtureNames)
  func tocText(_ name: String) throws {
    let outcome = Harness.run(["toc", "fixtures/\(name)"])
    #expect(outcome.stderr == Self.nothing(outcome.status, name))
    let recorded = "exit \(outcome.status)\n" + outcome.stdout
    if let mismatch = try Snapshot.mismatch(recorded, named: "\(name).toc.txt") {
      Issue.record(Comment(rawValue: mismatch))
    }
  }

  @Test(arguments: fixtureNames)
  func tocJSON(_ name: String) throws {
    let outcome = Harness.run(["toc", "--format", "json", "fixtures/\(name)"])
    #expect(outcome.stderr == Self.nothing(outcome.status, name))
    let object = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8))
    #expect(object is [String: Any], "each document is one JSON object")
    if let mismatch = try Snapshot.mismatch(outcome.stdout, named: "\(name).json") {
      Issue.record(Comment(rawValue: mismatch))
    }
  }

  @Test func deeperLevelsAndGitlabIds() throws {
    let outcome = Harness.run([
      "toc", "--max-level", "6", "--slug", "gitlab", "--format", "json",
      "fixtures/tricky-headings.md",
    ])
    let recorded = "exit \(outcome.status)\n" + outcome.stdout
    if let mismatch = try Snapshot.mismatch(
      recorded, named: "tricky-headings.md.depth6-gitlab.json")
    {
      Issue.record(Comment(rawValue: mismatch))
    }
  }
}

/// The bar, spoken and JSON forms of `where` in the middle of each fixture,
/// and `toc` with the puck there.
@Suite struct WhereGoldenTests {
  @Test(arguments: WhereTests.fixturesWithSections)
  func whereForms(_ name: String) throws {
    let size = try WhereTests.whereJSON(["--line", "1"], file: name).document["lines"] as! Int
    let line = String(max(size / 2, 1))
    var recorded = ""
    for format in ["text", "spoken", "json"] {
      let outcome = Harness.run(["where", "--line", line, "--format", format, "fixtures/\(name)"])
      recorded +=
        "$ isle where --line \(line) --format \(format)\nexit \(outcome.status)\n" + outcome.stdout
    }
    let toc = Harness.run(["toc", "--line", line, "fixtures/\(name)"])
    recorded += "$ isle toc --line \(line)\nexit \(toc.status)\n" + toc.stdout
    if let mismatch = try Snapshot.mismatch(recorded, named: "\(name).where.txt") {
      Issue.record(Comment(rawValue: mismatch))
    }
  }
}
