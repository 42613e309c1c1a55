import Foundation
import JSON
import TestSupport
import Testing

/// `isle mcp` under an attacker's input, as an agent's client runs it: links
/// out of the folder it keeps to, a file past the size limit in a folder,
/// a line without end, ids no double holds.
@Suite struct McpHostileTests {
  /// The server started in `folder` with `lines` on its input; its output
  /// as text.
  static func serve(_ lines: [String], in folder: String, timeout: Double = 30) throws -> String {
    let input = lines.joined(separator: "\n") + "\n"
    return try serve(Array(input.utf8), in: folder, timeout: timeout)
  }

  static func serve(_ input: [UInt8], in folder: String, timeout: Double = 30) throws -> String {
    var environment = ProcessInfo.processInfo.environment
    environment["XDG_CACHE_HOME"] = Harness.cacheHome
    let outcome = try Spawn.run(
      Harness.binary.path, ["mcp"], stdin: input, directory: folder, environment: environment,
      timeout: timeout * Harness.timeoutScale)
    #expect(outcome.status == 0, "\(outcome.errors)")
    return outcome.output
  }

  /// The session's start, then a call of `tool` with `arguments` as
  /// request `id`.
  static let start = [
    #"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#,
    #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
  ]

  static func call(_ id: Int, _ tool: String, _ arguments: String) -> String {
    #"{"jsonrpc":"2.0","id":\#(id),"method":"tools/call","params":{"name":"\#(tool)","arguments":\#(arguments)}}"#
  }

  /// The replies by id.
  static func replies(_ output: String) throws -> [Int: JSONValue] {
    var found: [Int: JSONValue] = [:]
    for line in output.split(separator: "\n") {
      let value = try JSONParser.parse(Array(line.utf8))
      if let id = value["id"]?.int { found[id] = value }
    }
    return found
  }

  /// A workspace `ws` beside a folder `outside` holding secrets, with
  /// links from one into the other: a file, a folder, one to nothing.
  static func withLinksOut(_ body: (_ workspace: String) throws -> Void) throws {
    try Harness.withTree([
      "outside/secret.md": "# Secret\n\nSECRET-TEXT\n\n## Private API key rotation\n",
      "outside/folder/hidden.md": "# Hidden\n\nHIDDEN-TEXT\n",
      "ws/a.md":
        "# A\n\nSee [x](../outside/secret.md#private-api-key-rotatio) and "
        + "[y](../outside/none.md#private-api-key-rotatio).\n",
      "ws/docs/b.md": "# B\n\n## Real\n",
    ]) { root in
      let workspace = root.appendingPathComponent("ws").path
      let manager = FileManager.default
      try manager.createSymbolicLink(
        atPath: workspace + "/notes.md", withDestinationPath: "../outside/secret.md")
      try manager.createSymbolicLink(
        atPath: workspace + "/docs/linked", withDestinationPath: "../../outside/folder")
      try body(workspace)
    }
  }

  @Test func linksOutOfTheWorkspaceAreSkippedSaidAndNeverRead() throws {
    try Self.withLinksOut { workspace in
      let output = try Self.serve(
        Self.start + [
          Self.call(1, "section", #"{"path":".","selectors":["1"]}"#),
          Self.call(2, "outline", #"{"path":"."}"#),
          Self.call(3, "find", #"{"query":"hidden"}"#),
          Self.call(4, "section", #"{"path":"notes.md","selectors":["0"]}"#),
          Self.call(5, "outline", #"{"path":"docs/linked/hidden.md"}"#),
        ], in: workspace)
      for secret in ["SECRET-TEXT", "HIDDEN-TEXT", "Private API", "Hidden"] {
        #expect(!output.contains(secret), "\(secret) read: \(output)")
      }
      let replies = try Self.replies(output)
      for id in 1...3 {
        let skipped = replies[id]?["result"]?["structuredContent"]?["skipped"]?.array ?? []
        #expect(
          skipped.map { $0.string ?? "" } == [
            "./docs/linked: is outside the workspace, skipped",
            "./notes.md: is outside the workspace, skipped",
          ], "\(replies[id]?.text ?? "no reply")")
      }
      #expect(replies[2]?["result"]?["structuredContent"]?["documents"]?.array?.count == 2)
      for id in 4...5 {
        #expect(replies[id]?["result"]?["isError"] == .bool(true))
        let text = replies[id]?["result"]?["content"]?.array?.first?["text"]?.string ?? ""
        #expect(text.contains("is outside the workspace"), "\(text)")
      }
    }
  }

  @Test func checkSaysALinkOutIsOutsideAndNothingMore() throws {
    try Self.withLinksOut { workspace in
      let output = try Self.serve(
        Self.start + [Self.call(1, "check", #"{"paths":["a.md","notes.md"]}"#)], in: workspace)
      let replies = try Self.replies(output)
      let result = replies[1]?["result"]
      // notes.md, named, is refused whole.
      #expect(result?["isError"] == .bool(true), "\(output)")
      let only = try Self.serve(
        Self.start + [Self.call(1, "check", #"{"paths":["a.md"]}"#)], in: workspace)
      #expect(!only.contains("rotation"), "an id of the file outside: \(only)")
      let broken = try Self.replies(only)[1]?["result"]?["structuredContent"]?["broken"]?.array
      // The same for the file there and the one not there.
      #expect(broken?.count == 2, "\(only)")
      for link in broken ?? [] {
        #expect(link["reason"] == .string("outside-workspace"), "\(link.text)")
        #expect(link["suggestion"] == .null && link["file"] == .null, "\(link.text)")
      }
    }
  }

  @Test func aFilePastTheSizeLimitInAFolderIsSkippedAndNamed() throws {
    try Harness.withTree(["a.md": "# Alpha\n\nText.\n", "docs/b.md": "# Beta\n"]) { root in
      // Sparse: 300 MiB past the 256 MiB limit, no disk taken.
      let huge = root.appendingPathComponent("docs/huge.md").path
      FileManager.default.createFile(atPath: huge, contents: nil)
      let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: huge))
      try handle.truncate(atOffset: 300 << 20)
      try handle.close()
      let output = try Self.serve(
        Self.start + [
          Self.call(1, "outline", #"{"path":"."}"#),
          Self.call(2, "find", #"{"query":"beta"}"#),
          Self.call(3, "section", #"{"path":"docs","selectors":["1"]}"#),
          Self.call(4, "check", #"{"paths":["."]}"#),
        ], in: root.path)
      let replies = try Self.replies(output)
      for id in 1...4 {
        let result = replies[id]?["result"]
        #expect(result?["isError"] == .bool(false), "\(result?.text ?? "no reply")")
        let skipped = result?["structuredContent"]?["skipped"]?.array?.compactMap(\.string) ?? []
        #expect(skipped.count == 1 && skipped[0].contains("huge.md: is 314572800 bytes, past"))
      }
      #expect(replies[1]?["result"]?["structuredContent"]?["documents"]?.array?.count == 2)
      #expect(replies[2]?["result"]?["structuredContent"]?["total"] == .int(1))
    }
  }

  @Test func aLinePastTheLimitIsAnErrorAndTheNextOneIsAnswered() throws {
    // 48 MiB without a line end, then a ping: read once, in linear time.
    var input = Array(#"{"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":""#.utf8)
    input += [UInt8](repeating: 0x61, count: 48 << 20)
    input += Array("\"}}\n".utf8)
    input += Array((Self.start + [#"{"jsonrpc":"2.0","id":2,"method":"ping"}"#]).joined(
      separator: "\n").utf8) + [0x0A]
    let output = try Self.serve(input, in: "/tmp", timeout: 20)
    let lines = output.split(separator: "\n").map { try? JSONParser.parse(Array($0.utf8)) }
    #expect(lines.count == 3, "\(output)")
    #expect(lines.first??["id"] == .null)
    let message = lines.first??["error"]?["message"]?.string ?? ""
    #expect(message.contains("past the limit of 16777216 bytes"), "\(message)")
    #expect(lines.last??["id"] == .int(2) && lines.last??["result"] != nil)
  }

  @Test func idsAreEchoedAsSent() throws {
    let ids = ["1e400", "-1e+23", "12345678901234567890", "1.50", "-0", "7"]
    let output = try Self.serve(
      ids.map { #"{"jsonrpc":"2.0","id":\#($0),"method":"ping"}"# }, in: "/tmp")
    let lines = output.split(separator: "\n")
    #expect(lines.count == ids.count)
    for (id, line) in zip(ids, lines) {
      #expect(line.contains(#""id":\#(id),"#), "\(line)")
    }
  }
}
