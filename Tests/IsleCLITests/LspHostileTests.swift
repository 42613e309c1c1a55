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
}
