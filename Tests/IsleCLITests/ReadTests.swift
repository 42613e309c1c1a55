import Foundation
import TestSupport
import Testing

/// `isle read` in a real terminal: tmux runs it, keys are sent, and at
/// every step the island on the bottom row is held to what `isle where`
/// says for the same top line and rows of text (the pager appends them to
/// `ISLE_READ_TRACE` for each frame).
@Suite(.serialized) struct ReadTerminalTests {
  typealias Pane = PickTerminalTests.Pane
  static let tmux = PickTerminalTests.tmux
  /// A long document of the shared corpus, read where it lies.
  static let corpus = Harness.root.deletingLastPathComponent()
    .appendingPathComponent("shared/corpus/system-design-primer/README.md")
  static var hasCorpus: Bool { FileManager.default.fileExists(atPath: corpus.path) }

  /// The last frame's top line and rows of text.
  static func traced(_ path: String) throws -> (line: String, rows: String)? {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    guard let last = text.split(separator: "\n").last else { return nil }
    let fields = last.split(separator: " ").map(String.init)
    return fields.count == 3 ? (fields[0], fields[1]) : nil
  }

  /// The island as `isle where` draws it for that line, rows and width.
  static func whereSays(line: String, rows: String, columns: Int, document: String) -> String {
    Harness.run([
      "where", "--line", line, "--viewport", rows, "--width", String(columns - 2), "--color",
      "never", document,
    ]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// The bottom row without where back leads (`  ← Title`), which
  /// `isle where` does not say.
  static func bottomRow(_ screen: String) -> String {
    let row = hintedRow(screen)
    guard let hint = row.range(of: "  ← ", options: .backwards) else { return row }
    return String(row[..<hint.lowerBound])
  }

  /// The bottom row as drawn.
  static func hintedRow(_ screen: String) -> String {
    let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
    return (lines.last.map(String.init) ?? "").trimmingCharacters(in: .whitespaces)
  }

  @Test(.enabled(if: tmux != nil && hasCorpus, "needs tmux and ../shared/corpus"))
  func theIslandIsWhereAtEveryStep() throws {
    var columns = 80
    let pane = try Pane(tmux: Self.tmux!, columns: columns, rows: 24)
    let trace = "/tmp/isle-read-trace-\(UUID().uuidString.prefix(8))"
    defer { try? FileManager.default.removeItem(atPath: trace) }
    let document = Self.corpus.path
    try pane.type(
      "clear; ISLE_READ_TRACE=\(trace) isle read --no-remember --reduce-motion --color never '\(document)'; echo \"[$?]\""
    )
    var screen = try pane.wait { Self.bottomRow($0).contains("of 112") }
    let steps: [(String, () throws -> Void)] = [
      ("j", { try pane.literal("j") }), ("Space", { try pane.keys("Space") }),
      ("d", { try pane.literal("d") }), ("]", { try pane.literal("]") }),
      ("]", { try pane.literal("]") }), ("}", { try pane.literal("}") }),
      ("k", { try pane.literal("k") }), ("[", { try pane.literal("[") }),
      (
        "/cache",
        {
          try pane.literal("/cache")
          try pane.keys("Enter")
        }
      ),
      ("n", { try pane.literal("n") }), ("N", { try pane.literal("N") }),
      ("resize", { try pane.run(["resize-window", "-t", pane.name, "-x", "100", "-y", "30"]) }),
      ("50%", { try pane.literal("50%") }), ("PageUp", { try pane.keys("PPage") }),
      (
        "Tab Down Enter",
        {
          try pane.keys("Tab")
          usleep(100_000)
          try pane.keys("Down", "Enter")
        }
      ),
      ("G", { try pane.literal("G") }), ("b", { try pane.literal("b") }),
      ("g", { try pane.literal("g") }),
    ]
    var islands = Set<String>()
    for (label, step) in [("opened", {})] + steps {
      try step()
      if label == "resize" { columns = 100 }
      if label != "opened" {
        screen = try pane.next(after: screen)
        // A search draws its prompt, then (on a slow machine) what it is
        // looking for, on the bottom row before the island comes back.
        if !Self.bottomRow(screen).contains("of 112") {
          screen = try pane.wait { Self.bottomRow($0).contains("of 112") }
        }
      }
      let (line, rows) = try #require(try Self.traced(trace), "\(label): a frame was traced")
      let island = Self.bottomRow(screen)
      #expect(
        island == Self.whereSays(line: line, rows: rows, columns: columns, document: document),
        "after \(label): line \(line), \(rows) rows")
      islands.insert(island)
    }
    #expect(islands.count > 8, "the steps went to many places: \(islands)")
    try pane.literal("q")
    screen = try pane.wait(PickTerminalTests.exited)
    #expect(screen.contains("[0]"))
  }

  @Test(.enabled(if: tmux != nil, "tmux is not installed"))
  func qPutsTheTerminalBackAndReopeningReturns() throws {
    let pane = try Pane(tmux: Self.tmux!, columns: 70, rows: 16)
    let state = "/tmp/isle-read-state-\(UUID().uuidString.prefix(8))"
    defer { try? FileManager.default.removeItem(atPath: state) }
    let run =
      "stty -g > \(state).before; XDG_STATE_HOME=\(state) isle read --color never fixtures/recipe.md; echo \"[$?]\"; stty -g > \(state).after"
    try pane.type("clear; " + run)
    var screen = try pane.wait { Self.bottomRow($0).contains("of 6") }
    try pane.literal("]]]")
    screen = try pane.wait { Self.bottomRow($0).contains("4 of 6") }
    let left = Self.bottomRow(screen)
    try pane.literal("q")
    screen = try pane.wait(PickTerminalTests.exited)
    #expect(screen.contains("[0]"))
    #expect(!screen.contains(left), "the alternate screen is gone")
    #expect(try PickTerminalTests.sameModes("\(state).before", "\(state).after"))
    try pane.type("clear; " + run)
    screen = try pane.wait { Self.bottomRow($0).contains("of 6") }
    #expect(Self.bottomRow(screen) == left, "reopened where it was left")
    try pane.literal("q")
    _ = try pane.wait(PickTerminalTests.exited)
    // From standard input, keys from the terminal; nothing is remembered.
    try pane.type("clear; cat fixtures/recipe.md | isle read --color never; echo \"[$?]\"")
    screen = try pane.wait { Self.bottomRow($0).contains("1 of 6") }
    try pane.keys("C-c")
    screen = try pane.wait(PickTerminalTests.exited)
    #expect(screen.contains("[130]"))
  }

  /// A page nested deeper than --max-nesting is refused before a frame,
  /// as the outline refuses it, rather than handed to gumbo for minutes.
  @Test func aPageNestedTooDeepIsRefusedAtOnce() throws {
    try Harness.withTree(["deep.html": String(repeating: "<div>", count: 30_000)]) { root in
      let outcome = try Harness.runBinary(["read", root.appendingPathComponent("deep.html").path])
      #expect(outcome.status == 2)
      #expect(outcome.stderr.contains("HTML nests 20001 elements deep"))
    }
  }
}
