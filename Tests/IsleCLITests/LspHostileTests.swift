import Foundation
import JSON
import TestSupport
import Testing

/// `isle lsp` given what an editor should not send, or more than it
/// usually does: renames to names that make no heading id or hold
/// control characters, a document of a hundred and fifty thousand
/// headings while `shutdown` comes.
@Suite struct LspHostileTests {
  static func request(_ id: Int, _ method: String, _ params: JSONValue) -> String {
    JSONValue.object([
      "jsonrpc": .string("2.0"), "id": .int(id), "method": .string(method), "params": params,
    ]).text
  }

  static func notification(_ method: String, _ params: JSONValue) -> String {
    JSONValue.object(["jsonrpc": .string("2.0"), "method": .string(method), "params": params])
      .text
  }

  /// The session's start with the document `uri` open, holding `text`.
  static func start(_ uri: String, _ text: String) -> [String] {
    [
      request(1, "initialize", .object(["capabilities": .object([:])])),
      notification("initialized", .object([:])),
      notification(
        "textDocument/didOpen",
        .object([
          "textDocument": .object([
            "uri": .string(uri), "languageId": .string("markdown"), "version": .int(1),
            "text": .string(text),
          ])
        ])),
    ]
  }

  /// The replies in `stream`, by id.
  static func replies(_ stream: Data) -> [Int: [String: Any]] {
    var found: [Int: [String: Any]] = [:]
    for message in LspTests.messages(stream) where message["method"] == nil {
      if let id = message["id"] as? Int { found[id] = message }
    }
    return found
  }

  @Test func aRenameToANameWithoutIdOrWithControlCharactersIsRefused() throws {
    let uri = "file:///tmp/isle-rename-test/doc.md"
    let names = ["]", "   ", "a\u{0}b", "red\u{1B}[31m", "two\nlines", "New name"]
    var messages = Self.start(uri, "# Intro\n\nSee [it](#intro).\n")
    for (index, name) in names.enumerated() {
      messages.append(
        Self.request(
          10 + index, "textDocument/rename",
          .object([
            "textDocument": .object(["uri": .string(uri)]),
            "position": .object(["line": .int(0), "character": .int(3)]),
            "newName": .string(name),
          ])))
    }
    messages += [Self.request(2, "shutdown", .null), Self.notification("exit", .null)]
    let outcome = try Harness.runBinary(["lsp"], stdin: LspTests.frames(messages))
    #expect(outcome.status == 0, "\(outcome.stderr)")
    let replies = Self.replies(outcome.stdout)
    for index in 0..<(names.count - 1) {
      let error = replies[10 + index]?["error"] as? [String: Any]
      #expect(error?["code"] as? Int == -32602, "\(names[index].debugDescription): \(error ?? [:])")
    }
    let edit = replies[10 + names.count - 1]?["result"] as? [String: Any]
    let changes = edit?["changes"] as? [String: [[String: Any]]]
    #expect(changes?[uri]?.map { $0["newText"] as? String } == ["New name", "new-name"])
  }

  /// A document of 10 MB and 150,000 headings, each with a link to
  /// another: its symbols and its links are asked for, then `shutdown`
  /// and `exit` come at once. The server answers `shutdown` within a
  /// second of its coming whatever runs (its answer, in its turn, would
  /// come after seconds of outlining), and ends at `exit`.
  @Test func shutdownIsAnsweredPromptlyWhateverRuns() throws {
    let uri = "file:///tmp/isle-huge-test/huge.md"
    // The text made by awk, JSON-escaped already: built in a debug build
    // it would take longer than the server's whole run.
    let script =
      "awk -v m=###### 'BEGIN { for (i = 0; i < 150000; i++) printf \"%s Heading %d\\\\n\\\\n"
      + "Words [here](#heading-%d) for the section.\\\\n\\\\n\", substr(m, 1, i % 6 + 1), i, "
      + "int(i / 2) }'"
    let made = try Harness.shell(script)
    #expect(made.status == 0)
    var open = Data(
      #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"\#(uri)","languageId":"markdown","version":1,"text":""#
        .utf8)
    open.append(Data(made.stdout.utf8))
    open.append(Data(#""}}}"#.utf8))
    #expect(open.count > 10_000_000)
    let document = JSONValue.object(["textDocument": .object(["uri": .string(uri)])])
    var stdin = LspTests.frames([
      Self.request(1, "initialize", .object(["capabilities": .object([:])])),
      Self.notification("initialized", .object([:])),
    ])
    stdin.append(Data("Content-Length: \(open.count)\r\n\r\n".utf8))
    stdin.append(open)
    stdin += LspTests.frames([
      Self.request(2, "textDocument/documentSymbol", document),
      Self.request(3, "textDocument/documentLink", document),
      Self.request(4, "shutdown", .null),
      Self.notification("exit", .null),
    ])
    let clock = ContinuousClock()
    let started = clock.now
    let outcome = try Harness.runBinary(["lsp"], stdin: stdin, timeout: 60)
    let elapsed = clock.now - started
    #expect(outcome.status == 0, "\(outcome.stderr)")
    // Found in the bytes: the symbols' reply, if it came first, is large.
    let shutdown = Data(#"{"id":4,"jsonrpc":"2.0","result":null}"#.utf8)
    #expect(outcome.stdout.range(of: shutdown) != nil)
    // Reading 10 MB and the half second `shutdown` waits, on a busy machine.
    #expect(elapsed < .seconds(15 * Harness.timeoutScale), "\(elapsed)")
  }
}
