import Foundation
import TestSupport
import Testing

/// `isle mcp` as an agent calls it, one line of JSON-RPC each: `where` on
/// a book, `section` parts' lines, `check`'s `exclude` and the config
/// file's list.
@Suite struct McpBookTests {
  /// The structured answers (or the error's text) to `calls` (tool name
  /// and arguments), from `isle mcp` started in `folder`.
  static func answers(
    _ calls: [(String, [String: Any])], in folder: String? = nil,
    environment more: [String: String] = [:]
  ) throws -> [Any] {
    var lines = [
      #"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"test","version":"1"}}}"#,
      #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
    ]
    for (index, (name, arguments)) in calls.enumerated() {
      let call: [String: Any] = [
        "jsonrpc": "2.0", "id": index + 1, "method": "tools/call",
        "params": ["name": name, "arguments": arguments],
      ]
      lines.append(String(decoding: try JSONSerialization.data(withJSONObject: call), as: UTF8.self))
    }
    // The server answers from the folder it is started in.
    var environment = ProcessInfo.processInfo.environment.merging(more) { $1 }
    environment["XDG_CONFIG_HOME"] = more["XDG_CONFIG_HOME"] ?? "/nonexistent"
    let outcome = try Spawn.run(
      Harness.binary.path, ["mcp"], stdin: Array((lines.joined(separator: "\n") + "\n").utf8),
      directory: folder ?? Harness.root.path, environment: environment,
      timeout: 20 * Harness.timeoutScale
    ).stdout
    let replies = String(decoding: outcome, as: UTF8.self).split(separator: "\n").compactMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
    return (1...calls.count).map { id in
      let reply = replies.first { $0["id"] as? Int == id }
      let result = reply?["result"] as? [String: Any]
      if result?["isError"] as? Bool == true {
        return ((result?["content"] as? [[String: Any]])?.first?["text"] as? String) ?? ""
      }
      return result?["structuredContent"] ?? reply ?? "no answer"
    }
  }

  @Test func whereOnABookTakesTheChapterOrAPercentOfTheBook() throws {
    let chapter = "fixtures/mdbook/src/ch02-00-slices.md"
    let answers = try Self.answers([
      ("where", ["path": "fixtures/mdbook", "line": 3]),
      ("where", ["path": "fixtures/mdbook", "chapter": chapter, "line": 9]),
      ("where", ["path": "fixtures/mdbook", "percent": 0]),
    ])
    let advice = try #require(answers[0] as? String)
    #expect(advice.contains("'chapter'") && !advice.contains("--file"), "\(advice)")
    let place = try #require(answers[1] as? [String: Any], "\(answers[1])")
    #expect(place["chapter"] as? Int == 4 && place["path"] as? String == chapter)
    #expect(place["headings"] as? [String] == ["Parts of the Plot", "Iterating Over Rows"])
    let start = try #require(answers[2] as? [String: Any], "\(answers[2])")
    let toc = Harness.run(["toc", "--format", "json", "fixtures/mdbook"]).stdout
    let book = try #require(
      try JSONSerialization.jsonObject(with: Data(toc.utf8)) as? [String: Any])
    #expect(start["chapter"] as? Int == 1 && start["minutesLeft"] as? Int == book["minutes"] as? Int)
  }

  /// A part of a section gives the lines of its own bytes, and which of
  /// how many parts it is.
  @Test func aSectionsPartGivesItsOwnLines() throws {
    let path = "fixtures/mdbook/src/ch01-01-planting.md"
    let answers = try Self.answers([
      ("section", ["path": path, "selectors": ["1"], "max_bytes": 600, "offset": 900])
    ])
    let answer = try #require(answers[0] as? [String: Any], "\(answers[0])")
    let part = try #require((answer["sections"] as? [[String: Any]])?.first)
    let bytes = try #require(part["bytes"] as? [Int])
    let text = try String(contentsOfFile: Harness.root.appendingPathComponent(path).path, encoding: .utf8)
    let utf8 = Array(text.utf8)
    let first = utf8[..<bytes[0]].count { $0 == 10 } + 1
    let last = utf8[..<(bytes[1] - 1)].count { $0 == 10 } + 1
    #expect(part["lines"] as? [Int] == [first, last], "\(part["lines"] ?? "") for \(bytes)")
    let parts = try #require(part["parts"] as? Int)
    #expect(parts > 1 && (part["part"] as? Int ?? 0) > 1, "\(part)")
  }

  /// `exclude` leaves out links as `isle check --exclude` does, and the
  /// config file's `check.exclude` holds for the tool too.
  @Test func checkTakesExcludeGlobsAndTheConfigsList() throws {
    try Harness.withTree([
      "doc.md": "# Doc\n\n[std](../std/vec.md) [other](missing.md) [img](gone.png)\n",
      "config/isle/config": "check.exclude = [\"*.png\"]\n",
    ]) { root in
      let environment = ["XDG_CONFIG_HOME": root.path + "/config"]
      let answers = try Self.answers(
        [
          ("check", ["paths": ["doc.md"]]),
          ("check", ["paths": ["doc.md"], "exclude": ["../std/**"]]),
        ], in: root.path, environment: environment)
      let all = try #require(answers[0] as? [String: Any], "\(answers[0])")
      #expect(all["count"] as? Int == 2, "the config's *.png is left out: \(all)")
      let some = try #require(answers[1] as? [String: Any], "\(answers[1])")
      let targets = (some["broken"] as? [[String: Any]])?.compactMap { $0["target"] as? String }
      #expect(targets == ["missing.md"], "\(some)")
    }
  }
}
