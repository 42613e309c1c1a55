import Foundation
import JSON
import LanguageServer
import Parallel
import TestSupport
import Testing

@testable import Workspace

/// Every request between random edits, on a stream (`run`), as an editor
/// sends them while the user types: requests read links aside while the
/// next edits are applied, so each must answer from the one version of the
/// document it was asked about (a heading's index or a link's offsets
/// from one version looked up in another's headings or bytes ended the
/// server: `documentLink`, `codeAction`). The server must live to
/// `exit`, answer each request once, and refuse only as the protocol
/// lets it (the document changed, a rename that is none).
@Suite struct EditRaceTests {
  /// A document of `count` sections, links to them and to nowhere.
  static func document(_ count: Int, _ random: inout SplitMix) -> [String] {
    var lines: [String] = []
    for part in 0..<count {
      lines += [
        String(repeating: "#", count: Int.random(in: 1...3, using: &random)) + " Part \(part)", "",
        "Words [to](#part-\(Int.random(in: 0...count, using: &random))) and [ref][d\(part % 3)].",
        "",
      ]
    }
    return lines + ["[d0]: #part-0", "[d1]: #part-9", "[d2]: other.md#part-1", ""]
  }

  /// One random edit of `lines` (ASCII, so characters are bytes): a line
  /// gone (often a heading), a heading or a link added, a character typed,
  /// or now and then the whole text replaced by a shorter one.
  static func edit(_ lines: inout [String], _ random: inout SplitMix) -> JSONValue {
    let row = Int.random(in: 0..<lines.count, using: &random)
    let kind = Int.random(in: 0..<20, using: &random)
    if kind == 0 {
      lines = document(Int.random(in: 1...4, using: &random), &random)
      return .object(["text": .string(lines.joined(separator: "\n"))])
    }
    if kind < 7 && lines.count > 2 {
      let heading = lines.indices.filter { lines[$0].hasPrefix("#") }
      let gone = heading.isEmpty ? row : heading[Int.random(in: 0..<heading.count, using: &random)]
      lines.remove(at: gone)
      return TestClient.edit((gone, 0), (gone + 1, 0), "")
    }
    if kind < 11 {
      lines.insert(contentsOf: ["## Added \(kind)", ""], at: row)
      return TestClient.edit((row, 0), (row, 0), "## Added \(kind)\n\n")
    }
    let at = Int.random(in: 0...lines[row].count, using: &random)
    let typed =
      kind < 15 ? " [x](#part-\(kind))" : String("ab #[]()".randomElement(using: &random)!)
    var line = Array(lines[row])
    line.insert(contentsOf: typed, at: at)
    lines[row] = String(line)
    return TestClient.edit((row, at), (row, at), typed)
  }

  /// A request of every kind the server answers, at `position` of `uri`.
  static func requests(_ uri: JSONValue, at position: JSONValue) -> [(String, JSONValue)] {
    let document = JSONValue.object(["uri": uri])
    let at = JSONValue.object(["textDocument": document, "position": position])
    let span = JSONValue.object(["start": position, "end": position])
    return [
      ("textDocument/documentSymbol", .object(["textDocument": document])),
      ("textDocument/foldingRange", .object(["textDocument": document])),
      (
        "textDocument/selectionRange",
        .object(["textDocument": document, "positions": .array([position])])
      ),
      ("textDocument/definition", at),
      (
        "textDocument/references",
        .object([
          "textDocument": document, "position": position,
          "context": .object(["includeDeclaration": .bool(true)]),
        ])
      ),
      ("textDocument/hover", at),
      ("textDocument/documentLink", .object(["textDocument": document])),
      ("textDocument/completion", at),
      ("textDocument/prepareRename", at),
      (
        "textDocument/rename",
        .object(["textDocument": document, "position": position, "newName": .string("Renamed")])
      ),
      (
        "textDocument/codeAction",
        .object([
          "textDocument": document, "range": span,
          "context": .object(["diagnostics": .array([])]),
        ])
      ),
      ("textDocument/codeLens", .object(["textDocument": document])),
      ("textDocument/documentHighlight", at),
      ("workspace/symbol", .object(["query": .string("part")])),
      (
        "workspace/willRenameFiles",
        .object([
          "files": .array([
            .object(["oldUri": uri, "newUri": .string("file:///ws/renamed.md")])
          ])
        ])
      ),
      ("isle/where", at),
    ]
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func everyRequestAnswersFromOneVersionWhileTheUserTypes(seed: UInt64) throws {
    var random = SplitMix(state: seed)
    let uri = JSONValue.string("file:///ws/doc.md")
    var lines = Self.document(30, &random)
    var stretches: [(pause: Int, messages: [JSONValue])] = [
      (
        0,
        [
          StreamTests.request(
            1, "initialize",
            .object(["rootUri": .string("file:///ws"), "capabilities": .object([:])])),
          StreamTests.notification("initialized", .object([:])),
          StreamTests.didOpen(uri, lines.joined(separator: "\n")),
        ]
      )
    ]
    var id = 1
    // The errors a request may answer: the document changed, and a rename
    // asked where there is no heading or to a name that makes none.
    var allowed: [Int: Set<Int>] = [:]
    for version in 2...120 {
      var messages = [
        StreamTests.notification(
          "textDocument/didChange",
          .object([
            "textDocument": .object(["uri": uri, "version": .int(version)]),
            "contentChanges": .array([Self.edit(&lines, &random)]),
          ]))
      ]
      let row = Int.random(in: 0..<lines.count, using: &random)
      let position = TestClient.position(row, Int.random(in: 0...12, using: &random))
      for (method, params) in Self.requests(uri, at: position) {
        id += 1
        messages.append(StreamTests.request(id, method, params))
        // ContentModified for a document changed before the answer, and
        // RequestCancelled for work still running when shutdown ends it
        // (a slowed build, a sanitizer's, gets there).
        allowed[id] =
          method.hasSuffix("ename") ? [-32801, -32800, -32600, -32602, -32803] : [-32801, -32800]
      }
      stretches.append((Int.random(in: 0...8, using: &random), messages))
    }
    stretches.append((20, [StreamTests.request(id + 1, "shutdown", .null)]))
    stretches.append((5, [StreamTests.notification("exit", .null)]))

    let sent = Lock<[JSONValue]>([])
    let host = MemoryHost(["/ws/other.md": "# Part 1\n"])
    let server = LanguageServer(host: host, version: "test", pieceSize: 64) { body in
      let value = try! JSONParser.parse(Array(body.utf8))
      sent.withLock { $0.append(value) }
    }
    let stream = StreamTests.Stream(stretches)
    #expect(server.run { stream.read() } == 0)
    let replies = sent.withLock { $0 }.filter { $0["method"] == nil }
    var counts: [Int: Int] = [:]
    for reply in replies { counts[reply["id"]?.int ?? -1, default: 0] += 1 }
    for request in 1...(id + 1) { #expect(counts[request] == 1, "request \(request)") }
    // Not all refused for a changed document: the races were run.
    let links = replies.filter { reply in
      reply["result"] != nil && reply["id"]?.int.map { ($0 - 2) % 16 == 6 } == true
    }
    // Under a sanitizer (ten times slower) every request may meet a newer
    // version; at full speed some must not.
    let slowed = (Double(ProcessInfo.processInfo.environment["ISLE_TIMEOUT_SCALE"] ?? "") ?? 1) > 1
    #expect(slowed || links.count >= 1, "\(links.count) document links answered")
    for reply in replies {
      guard let code = reply["error"]?["code"]?.int, let request = reply["id"]?.int else {
        continue
      }
      #expect(allowed[request]?.contains(code) == true, "\(reply.text)")
    }
  }
}
