import Foundation
import TestSupport
import Testing

/// Links in `isle read`, in a real terminal, on `fixtures/linked-book`
/// (an mdBook: SUMMARY.md, chapters in folders, links between them with
/// fragments): `l` puts the highlight on a link, Return follows it, `B`
/// comes back and `F` goes forward again.
@Suite(.serialized) struct ReadLinksTerminalTests {
  typealias Pane = PickTerminalTests.Pane
  static let tmux = PickTerminalTests.tmux

  static func start(_ pane: Pane, _ operand: String, environment: String = "") throws -> String {
    try pane.type(
      "clear; \(environment) isle read --no-remember --reduce-motion --color never \(operand); echo \"[$?]\""
    )
    return try pane.wait { ReadTerminalTests.bottomRow($0).contains(" of ") }
  }

  /// True once the pane shows a link in reverse video (or after 5 s).
  static func lit(_ pane: Pane) throws -> Bool {
    for _ in 0..<100 {
      let escaped = try pane.run(["capture-pane", "-p", "-e", "-t", pane.name])
      if escaped.contains(";7m") || escaped.contains("[7m") { return true }
      usleep(50_000)
    }
    return false
  }

  /// Five links across three chapters (a fragment in another folder, one
  /// beside it, back, up a folder, then one within the chapter), each
  /// landing on its heading; `B` five times comes back through the same
  /// places, the island saying where back leads; `F` goes forward again.
  @Test(.enabled(if: tmux != nil, "tmux is not installed"))
  func aChainOfFiveLinksAndBackByTheSameSteps() throws {
    let pane = try Pane(tmux: Self.tmux!, columns: 150, rows: 20)
    var screen = try Self.start(pane, "fixtures/linked-book")
    var islands = [ReadTerminalTests.hintedRow(screen)]
    #expect(islands[0].contains("Before You Start  chapter 1 of 4"), "\(screen)")
    let expected = [
      ("Soil › Clay  chapter 2", "Clay"), ("Water › Deep watering  chapter 3", "Deep watering"),
      ("Soil › Loam  chapter 2", "Loam"), ("Before You Start › Tools  chapter 1", "Tools"),
      ("Before You Start › Keep", "Keeping tools"),
    ]
    for (step, (landing, heading)) in expected.enumerated() {
      try pane.literal("l")
      #expect(try Self.lit(pane), "step \(step + 1): the link in reverse video")
      try pane.keys("Enter")
      screen = try pane.next(after: screen)
      let island = ReadTerminalTests.hintedRow(screen)
      #expect(island.contains(landing), "step \(step + 1): \(island)")
      #expect(
        screen.split(separator: "\n").first?.contains(heading) == true,
        "step \(step + 1): the heading on the top row: \(screen)")
      islands.append(island)
    }
    #expect(islands[1].hasSuffix("← Before You Start"), "where back leads: \(islands[1])")
    #expect(islands[3].hasSuffix("← Deep watering"), "\(islands[3])")
    for step in (0..<5).reversed() {
      try pane.literal("B")
      screen = try pane.next(after: screen)
      #expect(ReadTerminalTests.hintedRow(screen) == islands[step], "back to step \(step)")
    }
    try pane.literal("B")
    screen = try pane.next(after: screen)
    #expect(ReadTerminalTests.bottomRow(screen).contains("nothing to go back to"))
    try pane.literal("F")
    screen = try pane.next(after: screen)
    #expect(ReadTerminalTests.hintedRow(screen) == islands[1], "forward again")
    try pane.literal("q")
    screen = try pane.wait(PickTerminalTests.exited)
    #expect(screen.contains("[0]"), "\(screen)")
  }

  /// A click on a link follows it as Return does; read alone (no book),
  /// the chapter beside it is a document of its own, and back returns.
  @Test(.enabled(if: tmux != nil, "tmux is not installed"))
  func aClickFollowsALinkToTheDocumentBeside() throws {
    let pane = try Pane(tmux: Self.tmux!, columns: 100, rows: 20)
    var screen = try Self.start(pane, "fixtures/linked-book/src/intro.md")
    let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
    let row = try #require(lines.firstIndex { $0.contains("soil types") })
    let column = try #require(lines[row].range(of: "soil types")).lowerBound
    let cell = lines[row].distance(from: lines[row].startIndex, to: column) + 3
    try pane.literal("\u{1B}[<0;\(cell);\(row + 1)M")
    try pane.literal("\u{1B}[<0;\(cell);\(row + 1)m")
    screen = try pane.next(after: screen)
    let island = ReadTerminalTests.hintedRow(screen)
    #expect(island.contains("Clay  3 of 4") && !island.contains("chapter"), "\(island)")
    #expect(island.hasSuffix("← Before You Start"), "\(island)")
    // `v` edits the document the reader opened, not one a link did.
    try pane.literal("v")
    screen = try pane.next(after: screen)
    #expect(ReadTerminalTests.bottomRow(screen).hasPrefix("a document a link opened"))
    try pane.keys("BSpace")
    screen = try pane.next(after: screen)
    let back = ReadTerminalTests.hintedRow(screen)
    #expect(back.contains("Before You Start") && !back.contains("←"), "\(back)")
    try pane.literal("q")
    _ = try pane.wait(PickTerminalTests.exited)
  }

  /// A link to the web, or to a file isle does not read, is never opened
  /// unasked: without `$BROWSER` its target is shown; with it, Return
  /// offers it and Return again opens it there.
  @Test(.enabled(if: tmux != nil, "tmux is not installed"))
  func theWebIsOfferedToTheBrowser() throws {
    try Harness.withTree(["browser.sh": "#!/bin/sh\necho \"$1\" >> \"$(dirname \"$0\")/opened\"\n"])
    {
      root in
      let script = root.appendingPathComponent("browser.sh").path
      chmod(script, 0o755)
      let pane = try Pane(tmux: Self.tmux!, columns: 100, rows: 20)
      let chapter = "fixtures/linked-book/src/harvest/picking.md"
      var screen = try Self.start(pane, chapter, environment: "BROWSER=")
      try pane.literal("G")
      screen = try pane.next(after: screen)
      try pane.literal("L")
      #expect(try Self.lit(pane))
      try pane.keys("Enter")
      screen = try pane.next(after: screen)
      #expect(
        ReadTerminalTests.bottomRow(screen).contains("plan.pdf (set BROWSER to open it"),
        "\(screen)")
      try pane.literal("q")
      screen = try pane.wait(PickTerminalTests.exited)
      screen = try Self.start(pane, chapter, environment: "BROWSER='\(script)'")
      try pane.literal("G")
      screen = try pane.next(after: screen)
      try pane.literal("LL")
      #expect(try Self.lit(pane))
      try pane.keys("Enter")
      screen = try pane.next(after: screen)
      let offer = ReadTerminalTests.bottomRow(screen)
      #expect(offer.contains("https://example.com/quinces: Return again opens it"), "\(offer)")
      let opened = root.appendingPathComponent("opened").path
      #expect(!FileManager.default.fileExists(atPath: opened), "not opened unasked")
      try pane.keys("Enter")
      screen = try pane.next(after: screen)
      for _ in 0..<50 where !FileManager.default.fileExists(atPath: opened) { usleep(50_000) }
      let text = try String(contentsOfFile: opened, encoding: .utf8)
      #expect(text == "https://example.com/quinces\n", "\(text)")
      try pane.literal("q")
      _ = try pane.wait(PickTerminalTests.exited)
    }
  }
}
