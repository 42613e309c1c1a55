import Foundation
import Testing

/// `--records`: documents as JSON Lines on standard input, for toc, show
/// and check, run as a pipeline runs the binary.
@Suite struct RecordsCommandTests {
  /// A line of input: `{"path":…,"text":…}` and `more` members.
  func line(_ path: String, _ text: String, _ more: [String: Any] = [:]) throws -> String {
    var object = more
    object["path"] = path
    object["text"] = text
    let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    return String(decoding: data, as: UTF8.self)
  }

  func run(_ arguments: [String], _ lines: [String]) throws -> (
    status: Int32, records: [[String: Any]], stderr: String
  ) {
    let input = Data((lines.joined(separator: "\n") + "\n").utf8)
    let result = try Harness.runBinary(arguments, stdin: input, timeout: 30)
    let records = try String(decoding: result.stdout, as: UTF8.self).split(separator: "\n").map {
      try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    return (result.status, records, result.stderr)
  }

  @Test func badLinesAreErrorRecordsInTheirTurnAndTheRestGoesOn() throws {
    let lines = [
      try line("a.md", "# A\n\ntext\n", ["id": 1]), "{not json", "",
      #"{"path":"b.md","id":3}"#, try line("c.md", "# C\n", ["id": 5]), "[1,2]",
    ]
    let show = try run(["show", "--all", "--records"], lines)
    #expect(show.status == 2)
    #expect(
      show.records.map { $0["path"] as? String ?? "-" } == ["a.md", "-", "b.md", "c.md", "-"])
    let errors = show.records.filter { $0["error"] != nil }
    #expect(errors.map { $0["line"] as? Int } == [2, 4, 6])
    #expect(
      errors.map { $0["error"] as? String } == [
        "not a JSON object: a key must be a string at byte 2", #"no "text""#,
        "not a JSON object: not an object at byte 1",
      ])
    #expect((errors[1]["meta"] as? [String: Any])?["id"] as? Int == 3)
    #expect(show.stderr.contains("isle: error: <stdin>:2: not a JSON object"))
    let toc = try run(["toc", "--records"], lines)
    #expect(toc.status == 2)
    #expect(toc.records.map { $0["path"] as? String ?? "-" } == ["a.md", "-", "b.md", "c.md", "-"])
    // A document whose every line reads: 0.
    #expect(try run(["toc", "--records"], [lines[0]]).status == 0)
  }

  @Test func everyRecordCarriesItsOwnMembersUnchangedAsMeta() throws {
    let first =
      ##"{"id":12345678901234567890,"path":"a.md","text":"# A\n\n## B\n","tags":["x",{"k":null}]}"##
    let show = try Harness.runBinary(
      ["show", "--all", "--records", "--format", "jsonl"], stdin: Data((first + "\n").utf8))
    let out = String(decoding: show.stdout, as: UTF8.self).split(separator: "\n")
    #expect(out.count == 2)
    for record in out {
      #expect(record.hasSuffix(#","meta":{"id":12345678901234567890,"tags":["x",{"k":null}]}}"#))
    }
    let toc = try Harness.runBinary(["toc", "--records"], stdin: Data((first + "\n").utf8))
    #expect(
      String(decoding: toc.stdout, as: UTF8.self).hasSuffix(
        #""meta":{"id":12345678901234567890,"tags":["x",{"k":null}]}}"# + "\n"))
  }

  @Test func manyRecordsComeOutInInputOrderAsFilesDo() throws {
    // Sizes that differ, so the threads finish out of order.
    let texts = (0..<600).map { index in
      "# Doc \(index)\n\n" + String(repeating: "word ", count: (index * 7919) % 3000)
        + "\n\n## End\n"
    }
    let lines = try texts.enumerated().map {
      try line("d\($0.offset).md", $0.element, ["n": $0.offset])
    }
    let shown = try run(["show", "--all", "--records", "--jobs", "4"], lines)
    #expect(shown.status == 0)
    let order = shown.records.map { ($0["meta"] as? [String: Any])?["n"] as? Int ?? -1 }
    #expect(order == (0..<600).flatMap { [$0, $0] })
    // The chunks are those isle show --all gives the same text as files.
    try Harness.withTree(["d17.md": texts[17]]) { root in
      let file = try Harness.runBinary(
        ["show", "--all", "--format", "jsonl", "d17.md"].map {
          $0 == "d17.md" ? root.appendingPathComponent($0).path : $0
        })
      let fromFile = try String(decoding: file.stdout, as: UTF8.self).split(separator: "\n").map {
        try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
      }
      let fromRecords = shown.records.filter { $0["path"] as? String == "d17.md" }
      #expect(fromFile.map { $0["text"] as? String } == fromRecords.map { $0["text"] as? String })
      #expect(fromFile.map { $0["bytes"] as? [Int] } == fromRecords.map { $0["bytes"] as? [Int] })
    }
  }

  @Test func checkResolvesLinksAmongTheRecordsAndTheDiskOnlyWithRoot() throws {
    let lines = [
      try line(
        "docs/a.md",
        "# A\n\n[ok](b.md#setup) [bad](b.md#setpu) [img](../img.png) [up](/README.md)\n",
        ["id": "a"]),
      try line("docs/b.md", "# B\n\n## Setup\n", ["id": "b"]),
      try line("README.md", "# Readme\n\n[a](docs/a.md#a) [gone](docs/c.md)\n", ["id": "r"]),
    ]
    let alone = try run(["check", "--records"], lines)
    #expect(alone.status == 1)
    #expect(
      alone.records.map { "\($0["path"]!):\($0["line"]!):\($0["target"]!)" } == [
        "docs/a.md:3:b.md#setpu", "docs/a.md:3:../img.png", "README.md:3:docs/c.md",
      ])
    #expect(
      alone.records.map { ($0["meta"] as? [String: Any])?["id"] as? String } == ["a", "a", "r"])
    #expect(alone.records[0]["suggestion"] as? String == "setup")
    try Harness.withTree(["img.png": "png", "docs/c.md": "# C\n"]) { root in
      let rooted = try run(["check", "--records", "--root", root.path], lines)
      #expect(rooted.status == 1)
      #expect(rooted.records.map { $0["target"] as? String } == ["b.md#setpu"])
    }
    let fine = try run(["check", "--records"], Array(lines[1...1]))
    #expect(fine.status == 0 && fine.records.isEmpty)
  }

  @Test func checkSaysWhichLineGaveAPathTwice() throws {
    let lines = [try line("a.md", "# A\n"), "oops", try line("./a.md", "# A again\n")]
    let outcome = try run(["check", "--records"], lines)
    #expect(outcome.status == 2)
    #expect(outcome.records.map { $0["line"] as? Int } == [2, 3])
    #expect(outcome.records.last?["error"] as? String == "the path of line 1 already")
  }

  @Test func recordsAreSharedOutByPath() throws {
    let lines = try (0..<300).map { try line("doc\($0).md", "# D\($0)\n\n## S\n") } + ["bad line"]
    var seen: [String] = []
    for share in 1...3 {
      let part = try run(["toc", "--records", "--shard", "\(share)/3"], lines)
      seen += part.records.map { $0["path"] as? String ?? "error" }
    }
    // Every record once, and the bad line in one share only.
    #expect(seen.sorted() == ((0..<300).map { "doc\($0).md" } + ["error"]).sorted())
  }

  @Test(arguments: [
    ["toc", "--records", "--format", "tsv"],
    ["show", "--all", "--records", "--format", "markdown"],
    ["check", "--records", "--fix"], ["toc", "--records", "README.md"],
  ])
  func whatRecordsCannotBeGivenWithIsAUsageError(_ arguments: [String]) throws {
    let outcome = try Harness.runBinary(arguments, stdin: Data())
    #expect(outcome.status == 2)
    #expect(outcome.stderr.hasPrefix("isle: error: "))
    #expect(outcome.stdout.isEmpty)
  }
}
